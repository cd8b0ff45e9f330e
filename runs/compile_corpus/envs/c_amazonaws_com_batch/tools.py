"""Tools of the c_amazonaws_com_batch environment, compiled from AWS Batch.

Batch Using Batch, you can run batch computing workloads on the Amazon Web Services Cloud. Batch computing is a
common means for developers, scientists, and engineers to access large amounts of compute resources. Batch uses the
advantages of the batch computing to remove the undifferentiated heavy lifting of configuring and managing required
infrastructure. At the same time, it also adopts a familiar batch computing software approach. You can use Batch to
efficiently provision resources d, and work toward eliminating capacity constraints, reducing your overall compute
costs, and delivering...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

ContainerOrchestrationType = Literal["ECS", "EKS"]
ComputeEnvironmentType = Literal["MANAGED", "UNMANAGED"]
State = Literal["ENABLED", "DISABLED"]
ComputeEnvironmentStatus = Literal["CREATING", "UPDATING", "DELETING", "DELETED", "VALID", "INVALID"]
JobStatus = Literal["SUBMITTED", "PENDING", "RUNNABLE", "STARTING", "RUNNING", "SUCCEEDED", "FAILED"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_JOB_DEFINITIONS_SQL = "SELECT t.* FROM job_definitions t"
_COMPUTE_ENVIRONMENTS_SQL = "SELECT t.* FROM compute_environments t"
_JOB_QUEUES_SQL = "SELECT t.* FROM job_queues t"
_SCHEDULING_POLICIES_SQL = "SELECT t.* FROM scheduling_policies t"
_SUBMIT_JOBS_SQL = "SELECT t.* FROM submit_jobs t"
_CANCEL_JOBS_SQL = "SELECT t.* FROM cancel_jobs t"
_JOBS_SQL = "SELECT t.* FROM jobs t"
_TERMINATE_JOBS_SQL = "SELECT t.* FROM terminate_jobs t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _compute_environment(db: Database, uuid: str) -> dict[str, Any]:
    row = db.query_one(_COMPUTE_ENVIRONMENTS_SQL + " WHERE t.uuid = ?", [uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no compute environment with id {uuid!r} (compute environment ids look like 'CE-0001')")
    return row


def _job_queue(db: Database, job_queue_name: str) -> dict[str, Any]:
    row = db.query_one(_JOB_QUEUES_SQL + " WHERE t.job_queue_name = ?", [job_queue_name.strip().upper()])
    if row is None:
        raise ToolError(f"no job queue with id {job_queue_name!r} (job queue ids look like 'JQ-0001')")
    return row


def _scheduling_policy(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_SCHEDULING_POLICIES_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no scheduling policy with id {arn!r} (scheduling policy ids look like 'SP-0001')")
    return row


def _submit_job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_SUBMIT_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip()])
    if row is None:
        raise ToolError(f"no submit job with id {job_id!r} (submit job ids look like "
                        f"'876da822-4198-45f2-a252-6cea32512ea8')")
    return row


def _cancel_job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_CANCEL_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip().upper()])
    if row is None:
        raise ToolError(f"no cancel job with id {job_id!r} (cancel job ids look like 'CJ-0001')")
    return row


def _terminate_job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_TERMINATE_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip().upper()])
    if row is None:
        raise ToolError(f"no terminate job with id {job_id!r} (terminate job ids look like 'TJ-0001')")
    return row


@tool(writes=True)
def cancel_job(db: Database, reason: str) -> dict[str, Any]:
    """Cancels a job in an Batch job queue. Jobs that are in the SUBMITTED or PENDING are canceled. A job in RUNNABLE remains in RUNNABLE until it reaches the head of the job queue. Then the job status is updated to FAILED . A PENDING job is canceled after all dependency jobs are completed. Therefore, it may take longer than expected to cancel a job in PENDING status. When you try to cancel an array parent job in PENDING , Batch attempts to cancel all child jobs. The array parent job is canceled when.

    Args:
        reason: A message to attach to the job that explains the reason for canceling it. This message is returned
            by future DescribeJobs operations on the job. This message is also recorded in the Batch activity logs.

    Returns:
        The new cancel job.
    """
    reason = reason.strip()
    job_id = _next_id(db, "cancel_jobs", "job_id", "CJ-", 4)
    db.execute("INSERT INTO cancel_jobs (job_id, reason) VALUES (?, ?)",
               [job_id, reason])
    return _cancel_job(db, job_id)


@tool(writes=True)
def create_compute_environment(
        db: Database,
        compute_environment_name: str,
        type: ComputeEnvironmentType,
        state_: State | None = None,
        unmanagedv_cpus: int | None = None,
        compute_resources: str | None = None,
        service_role: str | None = None,
        tags: str | None = None,
        eks_configuration: str | None = None,
) -> dict[str, Any]:
    """Creates an Batch compute environment. You can create MANAGED or UNMANAGED compute environments. MANAGED compute environments can use Amazon EC2 or Fargate resources. UNMANAGED compute environments can only use EC2 resources. In a managed compute environment, Batch manages the capacity and instance types of the compute resources within the environment. This is based on the compute resource specification that you define or the launch template that you specify when you create the compute.

    Args:
        compute_environment_name: The name for your compute environment. It can be up to 128 characters long. It
            can contain uppercase and lowercase letters, numbers, hyphens (-), and underscores (_).
        type: The type of the compute environment: MANAGED or UNMANAGED . For more information, see Compute
            Environments in the Batch User Guide .
        state_: The state of the compute environment. If the state is ENABLED , then the compute environment
            accepts jobs from a queue and can scale out automatically based on queues. If the state is ENABLED , then
            the Batch scheduler can attempt to place jobs from an associated job queue on the compute resources.
        unmanagedv_cpus: The maximum number of vCPUs for an unmanaged compute environment. This parameter is only
            used for fair share scheduling to reserve vCPU capacity for new share identifiers. If this parameter isn't
            provided for a fair share job queue, no vCPU capacity is reserved. This parameter is only supported.
        compute_resources: An object that represents an Batch compute resource. For more information, see Compute
            environments in the Batch User Guide .
        service_role: The full Amazon Resource Name (ARN) of the IAM role that allows Batch to make calls to other
            Amazon Web Services services on your behalf. For more information, see Batch service IAM role in the Batch
            User Guide . If your account already created the Batch service-linked role, that role is used by.
        tags: The tags that you apply to the compute environment to help you categorize and organize your
            resources. Each tag consists of a key and an optional value. For more information, see Tagging Amazon Web
            Services Resources in Amazon Web Services General Reference . These tags can be updated or removed.
        eks_configuration: Configuration for the Amazon EKS cluster that supports the Batch compute environment.
            The cluster must exist before the compute environment can be created.

    Returns:
        The new compute environment.
    """
    compute_environment_name = compute_environment_name.strip()
    if service_role is not None:
        service_role = service_role.strip()
    uuid = _next_id(db, "compute_environments", "uuid", "CE-", 4)
    db.execute("INSERT INTO compute_environments (compute_environment_name, compute_environment_arn, "
               "unmanagedv_cpus, ecs_cluster_arn, tags, type, state_, status, status_reason, compute_resources, "
               "service_role, update_policy, eks_configuration, container_orchestration_type, uuid) VALUES (?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [compute_environment_name, "", unmanagedv_cpus, None, tags, type, state_, "CREATING", None, compute_resources, service_role, None, eks_configuration, "ECS", uuid])
    return _compute_environment(db, uuid)


@tool(writes=True)
def create_job_queue(
        db: Database,
        priority: int,
        compute_environment_order: str,
        state_: State | None = None,
        scheduling_policy_arn: str | None = None,
        tags: str | None = None,
) -> dict[str, Any]:
    """Creates an Batch job queue. When you create a job queue, you associate one or more compute environments to the queue and assign an order of preference for the compute environments. You also set a priority to the job queue that determines the order that the Batch scheduler places jobs onto its associated compute environments. For example, if a compute environment is associated with more than one job queue, the job queue with a higher priority is given preference for scheduling jobs to that.

    Args:
        priority: The priority of the job queue. Job queues with a higher priority (or a higher integer value for
            the priority parameter) are evaluated first when associated with the same compute environment. Priority is
            determined in descending order. For example, a job queue with a priority value of 10 is given.
        compute_environment_order: The set of compute environments mapped to a job queue and their order relative
            to each other. The job scheduler uses this parameter to determine which compute environment runs a
            specific job. Compute environments must be in the VALID state before you can associate them with a job
            queue. You can.
        state_: The state of the job queue. If the job queue state is ENABLED , it is able to accept jobs. If the
            job queue state is DISABLED , new jobs can't be added to the queue, but jobs already in the queue can
            finish.
        scheduling_policy_arn: The Amazon Resource Name (ARN) of the fair share scheduling policy. If this
            parameter is specified, the job queue uses a fair share scheduling policy. If this parameter isn't
            specified, the job queue uses a first in, first out (FIFO) scheduling policy. After a job queue is
            created, you can replace.
        tags: The tags that you apply to the job queue to help you categorize and organize your resources. Each
            tag consists of a key and an optional value. For more information, see Tagging your Batch resources in
            Batch User Guide .

    Returns:
        The new job queue.
    """
    if scheduling_policy_arn is not None:
        scheduling_policy_arn = scheduling_policy_arn.strip()
    job_queue_name = _next_id(db, "job_queues", "job_queue_name", "JQ-", 4)
    db.execute("INSERT INTO job_queues (job_queue_name, job_queue_arn, state_, scheduling_policy_arn, status, "
               "status_reason, priority, compute_environment_order, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [job_queue_name, "", state_, scheduling_policy_arn, "CREATING", None, priority, compute_environment_order, tags])
    return _job_queue(db, job_queue_name)


@tool(writes=True)
def create_scheduling_policy(
        db: Database,
        name: str,
        fairshare_policy: str | None = None,
        tags: str | None = None,
) -> dict[str, Any]:
    """Creates an Batch scheduling policy.

    Args:
        name: The name of the scheduling policy. It can be up to 128 letters long. It can contain uppercase and
            lowercase letters, numbers, hyphens (-), and underscores (_).
        fairshare_policy: The fair share policy for a scheduling policy.
        tags: The tags that you apply to the scheduling policy to help you categorize and organize your resources.
            Each tag consists of a key and an optional value. For more information, see Tagging Amazon Web Services
            Resources in Amazon Web Services General Reference . These tags can be updated or removed.

    Returns:
        The new scheduling policy.
    """
    name = name.strip()
    arn = _next_id(db, "scheduling_policies", "arn", "SP-", 4)
    db.execute("INSERT INTO scheduling_policies (name, arn, fairshare_policy, tags) VALUES (?, ?, ?, ?)",
               [name, arn, fairshare_policy, tags])
    return _scheduling_policy(db, arn)


@tool
def describe_compute_environments(db: Database) -> list[dict[str, Any]]:
    """Describes one or more of your compute environments. If you're using an unmanaged compute environment, you can use the DescribeComputeEnvironment operation to determine the ecsClusterArn that you launch your Amazon ECS container instances into.

    Returns:
        The matching compute environment rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _COMPUTE_ENVIRONMENTS_SQL, [], [], "t.uuid")


@tool
def describe_job_definitions(
        db: Database,
        job_definition_name: str | None = None,
        status: str | None = None,
) -> list[dict[str, Any]]:
    """Describes a list of job definitions. You can specify a status (such as ACTIVE ) to only return job definitions that match that status.

    Args:
        job_definition_name: The name of the job definition to describe.
        status: The status used to filter job definitions.

    Returns:
        The matching job definition rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if job_definition_name is not None:
        where.append("lower(t.job_definition_name) = lower(?)")
        params.append(job_definition_name.strip())
    if status is not None:
        where.append("lower(t.status) = lower(?)")
        params.append(status.strip())
    return _select(db, _JOB_DEFINITIONS_SQL, where, params, "t.job_definition_name")


@tool
def describe_job_queues(db: Database) -> list[dict[str, Any]]:
    """Describes one or more of your job queues.

    Returns:
        The matching job queue rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _JOB_QUEUES_SQL, [], [], "t.job_queue_name")


@tool
def describe_jobs(db: Database) -> list[dict[str, Any]]:
    """Describes a list of Batch jobs.

    Returns:
        The matching job rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _JOBS_SQL, [], [], "t.job_id")


@tool
def describe_scheduling_policies(db: Database) -> list[dict[str, Any]]:
    """Describes one or more of your scheduling policies.

    Returns:
        The matching scheduling policy rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _SCHEDULING_POLICIES_SQL, [], [], "t.arn")


@tool
def list_jobs(db: Database, job_queue: str | None = None) -> list[dict[str, Any]]:
    """Returns a list of Batch jobs. You must specify only one of the following items: A job queue ID to return a list of jobs in that job queue A multi-node parallel job ID to return a list of nodes for that job An array job ID to return a list of the children for that job You can filter the results by job status with the jobStatus parameter. If you don't specify a status, only RUNNING jobs are returned.

    Args:
        job_queue: The name or full Amazon Resource Name (ARN) of the job queue used to list jobs.

    Returns:
        The matching job rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if job_queue is not None:
        where.append("lower(t.job_queue) = lower(?)")
        params.append(job_queue.strip())
    return _select(db, _JOBS_SQL, where, params, "t.job_id")


@tool(writes=True)
def submit_job(db: Database, job_name: str) -> dict[str, Any]:
    """Submits an Batch job from a job definition. Parameters that are specified during SubmitJob override parameters defined in the job definition. vCPU and memory requirements that are specified in the resourceRequirements objects in the job definition are the exception. They can't be overridden this way using the memory and vcpus parameters. Rather, you must specify updates to job definition parameters in a resourceRequirements object that's included in the containerOverrides parameter. Job queues.

    Args:
        job_name: The name of the job. It can be up to 128 letters long. The first character must be alphanumeric,
            can contain uppercase and lowercase letters, numbers, hyphens (-), and underscores (_).

    Returns:
        The new submit job.
    """
    job_name = job_name.strip()
    job_id = _next_id(db, "submit_jobs", "job_id", "876da822-4198-45f2-a252-6cea32512ea", 1)
    db.execute("INSERT INTO submit_jobs (job_arn, job_name, job_id) VALUES (?, ?, ?)",
               [None, job_name, job_id])
    return _submit_job(db, job_id)


@tool(writes=True)
def terminate_job(db: Database, reason: str) -> dict[str, Any]:
    """Terminates a job in a job queue. Jobs that are in the STARTING or RUNNING state are terminated, which causes them to transition to FAILED . Jobs that have not progressed to the STARTING state are cancelled.

    Args:
        reason: A message to attach to the job that explains the reason for canceling it. This message is returned
            by future DescribeJobs operations on the job. This message is also recorded in the Batch activity logs.

    Returns:
        The new terminate job.
    """
    reason = reason.strip()
    job_id = _next_id(db, "terminate_jobs", "job_id", "TJ-", 4)
    db.execute("INSERT INTO terminate_jobs (job_id, reason) VALUES (?, ?)",
               [job_id, reason])
    return _terminate_job(db, job_id)


@tool(writes=True)
def update_compute_environment(
        db: Database,
        state_: State | None = None,
        unmanagedv_cpus: int | None = None,
        compute_resources: str | None = None,
        service_role: str | None = None,
        update_policy: str | None = None,
) -> dict[str, Any]:
    """Updates an Batch compute environment.

    Args:
        state_: The state of the compute environment. Compute environments in the ENABLED state can accept jobs
            from a queue and scale in or out automatically based on the workload demand of its associated queues. If
            the state is ENABLED , then the Batch scheduler can attempt to place jobs from an associated job.
        unmanagedv_cpus: The maximum number of vCPUs expected to be used for an unmanaged compute environment.
            Don't specify this parameter for a managed compute environment. This parameter is only used for fair share
            scheduling to reserve vCPU capacity for new share identifiers. If this parameter isn't provided for a
            fair.
        compute_resources: An object that represents the attributes of a compute environment that can be updated.
            For more information, see Updating compute environments in the Batch User Guide .
        service_role: The full Amazon Resource Name (ARN) of the IAM role that allows Batch to make calls to other
            Amazon Web Services services on your behalf. For more information, see Batch service IAM role in the Batch
            User Guide . If the compute environment has a service-linked role, it can't be changed to use a.
        update_policy: Specifies the infrastructure update policy for the compute environment. For more
            information about infrastructure updates, see Updating compute environments in the Batch User Guide .

    Returns:
        The new compute environment.
    """
    if service_role is not None:
        service_role = service_role.strip()
    uuid = _next_id(db, "compute_environments", "uuid", "CE-", 4)
    db.execute("INSERT INTO compute_environments (compute_environment_name, compute_environment_arn, "
               "unmanagedv_cpus, ecs_cluster_arn, tags, type, state_, status, status_reason, compute_resources, "
               "service_role, update_policy, eks_configuration, container_orchestration_type, uuid) VALUES (?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               ["", "", unmanagedv_cpus, None, None, "MANAGED", state_, "CREATING", None, compute_resources, service_role, update_policy, None, "ECS", uuid])
    return _compute_environment(db, uuid)


@tool(writes=True)
def update_job_queue(
        db: Database,
        state_: State | None = None,
        scheduling_policy_arn: str | None = None,
        priority: int | None = None,
        compute_environment_order: str | None = None,
) -> dict[str, Any]:
    """Updates a job queue.

    Args:
        state_: Describes the queue's ability to accept new jobs. If the job queue state is ENABLED , it can
            accept jobs. If the job queue state is DISABLED , new jobs can't be added to the queue, but jobs already
            in the queue can finish.
        scheduling_policy_arn: Amazon Resource Name (ARN) of the fair share scheduling policy. Once a job queue is
            created, the fair share scheduling policy can be replaced but not removed. The format is aws: Partition
            :batch: Region : Account :scheduling-policy/ Name . For example.
        priority: The priority of the job queue. Job queues with a higher priority (or a higher integer value for
            the priority parameter) are evaluated first when associated with the same compute environment. Priority is
            determined in descending order. For example, a job queue with a priority value of 10 is given.
        compute_environment_order: Details the set of compute environments mapped to a job queue and their order
            relative to each other. This is one of the parameters used by the job scheduler to determine which compute
            environment runs a given job. Compute environments must be in the VALID state before you can associate
            them with a.

    Returns:
        The new job queue.
    """
    if scheduling_policy_arn is not None:
        scheduling_policy_arn = scheduling_policy_arn.strip()
    job_queue_name = _next_id(db, "job_queues", "job_queue_name", "JQ-", 4)
    db.execute("INSERT INTO job_queues (job_queue_name, job_queue_arn, state_, scheduling_policy_arn, status, "
               "status_reason, priority, compute_environment_order, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [job_queue_name, "", state_, scheduling_policy_arn, "CREATING", None, priority, compute_environment_order, None])
    return _job_queue(db, job_queue_name)
