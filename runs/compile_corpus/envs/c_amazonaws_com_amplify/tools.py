"""Tools of the c_amazonaws_com_amplify environment, compiled from AWS Amplify.

Amplify enables developers to develop and deploy cloud-powered mobile and web apps. The Amplify Console provides a
continuous delivery and hosting service for web applications. For more information, see the Amplify Console User
Guide . The Amplify Framework is a comprehensive set of SDKs, libraries, tools, and documentation for client app
development. For more information, see the Amplify Framework.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

Platform = Literal["WEB", "WEB_DYNAMIC", "WEB_COMPUTE"]
RepositoryCloneMethod = Literal["SSH", "TOKEN", "SIGV4"]
Stage = Literal["PRODUCTION", "BETA", "DEVELOPMENT", "EXPERIMENTAL", "PULL_REQUEST"]
JobStatus = Literal["PENDING", "PROVISIONING", "RUNNING", "FAILED", "SUCCEED", "CANCELLING", "CANCELLED"]
JobType = Literal["RELEASE", "RETRY", "MANUAL", "WEB_HOOK"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_APPS_SQL = "SELECT t.* FROM apps t"
_ARTIFACTS_SQL = "SELECT t.* FROM artifacts t"
_BRANCHES_SQL = "SELECT t.* FROM branches t"
_WEBHOOKS_SQL = ("SELECT t.*, r1.create_time AS branch_name_create_time FROM webhooks t LEFT JOIN "
                 "branches r1 ON r1.branch_name = t.branch_name")
_ARTIFACT_URLS_SQL = "SELECT t.* FROM artifact_urls t"
_JOBS_SQL = "SELECT t.* FROM jobs t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _update(db: Database, table: str, key: str, value: Any, changes: dict[str, Any]) -> None:
    assignments = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"UPDATE {table} SET {assignments} WHERE {key} = ?", [*changes.values(), value])


def _text(name: str, value: str, low: int | None = None, high: int | None = None) -> str:
    value = value.strip()
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        span = f"{low} to {high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise ToolError(f"{name} must have {span} characters, got {len(value)}")
    return value


def _matches(name: str, value: str, pattern: str) -> str:
    if not re.fullmatch(pattern.strip("^$"), value):
        raise ToolError(f"{name} {value!r} does not match the pattern {pattern}")
    return value


def _moment(name: str, value: str) -> str:
    try:
        return datetime.fromisoformat(value.strip()).isoformat(timespec="seconds")
    except ValueError:
        raise ToolError(f"{name} {value!r} is not a date and time (use YYYY-MM-DDTHH:MM)") from None


def _app(db: Database, app_id: str) -> dict[str, Any]:
    row = db.query_one(_APPS_SQL + " WHERE t.app_id = ?", [app_id.strip().upper()])
    if row is None:
        raise ToolError(f"no app with id {app_id!r} (app ids look like 'A-0001')")
    return row


def _branch(db: Database, branch_name: str) -> dict[str, Any]:
    row = db.query_one(_BRANCHES_SQL + " WHERE t.branch_name = ?", [branch_name.strip().upper()])
    if row is None:
        raise ToolError(f"no branch with id {branch_name!r} (branch ids look like 'B-0001')")
    return row


def _webhook(db: Database, webhook_id: str) -> dict[str, Any]:
    row = db.query_one(_WEBHOOKS_SQL + " WHERE t.webhook_id = ?", [webhook_id.strip().upper()])
    if row is None:
        raise ToolError(f"no webhook with id {webhook_id!r} (webhook ids look like 'W-0001')")
    return row


def _artifact_url(db: Database, artifact_id: str) -> dict[str, Any]:
    row = db.query_one(_ARTIFACT_URLS_SQL + " WHERE t.artifact_id = ?", [artifact_id.strip().upper()])
    if row is None:
        raise ToolError(f"no artifact url with id {artifact_id!r} (artifact url ids look like 'AU-0001')")
    return row


def _job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip().upper()])
    if row is None:
        raise ToolError(f"no job with id {job_id!r} (job ids look like 'J-0001')")
    return row


@tool
def list_apps(db: Database) -> list[dict[str, Any]]:
    """Returns a list of the existing Amplify apps.

    Returns:
        The matching app rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _APPS_SQL, [], [], "t.app_id")


@tool(writes=True)
def create_app(
        db: Database,
        name: str,
        description: str | None = None,
        repository: str | None = None,
        platform: Platform | None = None,
        iam_service_role_arn: str | None = None,
        environment_variables: str | None = None,
        enable_branch_auto_build: bool | None = None,
        enable_branch_auto_deletion: bool | None = None,
        enable_basic_auth: bool | None = None,
        basic_auth_credentials: str | None = None,
        custom_rules: str | None = None,
        tags: str | None = None,
        build_spec: str | None = None,
        custom_headers: str | None = None,
        enable_auto_branch_creation: bool | None = None,
        auto_branch_creation_patterns: str | None = None,
        auto_branch_creation_config: str | None = None,
) -> dict[str, Any]:
    """Creates a new Amplify app.

    Args:
        name: The name for an Amplify app; 1 to 255 characters.
        description: The description for an Amplify app; at most 1000 characters.
        repository: The repository for an Amplify app; at most 1000 characters.
        platform: The platform for the Amplify app. For a static app, set the platform type to WEB . For a dynamic
            server-side rendered (SSR) app, set the platform type to WEB_COMPUTE . For an app requiring Amplify
            Hosting's original SSR support only, set the platform type to WEB_DYNAMIC .
        iam_service_role_arn: The AWS Identity and Access Management (IAM) service role for an Amplify app; 0 to
            1000 characters.
        environment_variables: The environment variables map for an Amplify app.
        enable_branch_auto_build: Enables the auto building of branches for an Amplify app.
        enable_branch_auto_deletion: Automatically disconnects a branch in the Amplify Console when you delete a
            branch from your Git repository.
        enable_basic_auth: Enables basic authorization for an Amplify app. This will apply to all branches that
            are part of this app.
        basic_auth_credentials: The credentials for basic authorization for an Amplify app. You must base64-encode
            the authorization credentials and provide them in the format user:password ; at most 2000 characters.
        custom_rules: The custom rewrite and redirect rules for an Amplify app.
        tags: The tag for an Amplify app.
        build_spec: The build specification (build spec) file for an Amplify app build; 1 to 25000 characters.
        custom_headers: The custom HTTP headers for an Amplify app; 0 to 25000 characters.
        enable_auto_branch_creation: Enables automated branch creation for an Amplify app.
        auto_branch_creation_patterns: The automated branch creation glob patterns for an Amplify app.
        auto_branch_creation_config: Describes the automated branch creation configuration.

    Returns:
        The new app.
    """
    name = _text("name", name, 1, 255)
    name = _matches("name", name, "\\(\\?s\\).\\+")
    if description is not None:
        description = _text("description", description, None, 1000)
        description = _matches("description", description, "\\(\\?s\\).*")
    if repository is not None:
        repository = _text("repository", repository, None, 1000)
        repository = _matches("repository", repository, "\\(\\?s\\).*")
    if iam_service_role_arn is not None:
        iam_service_role_arn = _text("iam_service_role_arn", iam_service_role_arn, 0, 1000)
        iam_service_role_arn = _matches("iam_service_role_arn", iam_service_role_arn, "\\(\\?s\\).*")
    if basic_auth_credentials is not None:
        basic_auth_credentials = _text("basic_auth_credentials", basic_auth_credentials, None, 2000)
    if build_spec is not None:
        build_spec = _text("build_spec", build_spec, 1, 25000)
    if custom_headers is not None:
        custom_headers = _text("custom_headers", custom_headers, 0, 25000)
        custom_headers = _matches("custom_headers", custom_headers, "\\(\\?s\\).*")
    app_id = _next_id(db, "apps", "app_id", "A-", 4)
    db.execute("INSERT INTO apps (app_id, app_arn, name, tags, description, repository, platform, create_time, "
               "update_time, iam_service_role_arn, environment_variables, default_domain, "
               "enable_branch_auto_build, enable_branch_auto_deletion, enable_basic_auth, basic_auth_credentials, "
               "custom_rules, production_branch, build_spec, custom_headers, enable_auto_branch_creation, "
               "auto_branch_creation_patterns, auto_branch_creation_config, repository_clone_method) VALUES (?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [app_id, "", name, tags, description, repository, platform, db.now, db.now, iam_service_role_arn, environment_variables, "", enable_branch_auto_build, enable_branch_auto_deletion, enable_basic_auth, basic_auth_credentials, custom_rules, None, build_spec, custom_headers, enable_auto_branch_creation, auto_branch_creation_patterns, auto_branch_creation_config, "SSH"])
    return _app(db, app_id)


@tool
def list_backend_environments(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists the backend environments for an Amplify app.

    Args:
        app_id: The unique ID for an Amplify app; 1 to 20 characters.

    Returns:
        The matching app rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        where.append("lower(t.app_id) = lower(?)")
        params.append(app_id.strip())
    return _select(db, _APPS_SQL, where, params, "t.app_id")


@tool
def list_branches(db: Database) -> list[dict[str, Any]]:
    """Lists the branches of an Amplify app.

    Returns:
        The matching branch rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _BRANCHES_SQL, [], [], "t.branch_name")


@tool(writes=True)
def create_branch(
        db: Database,
        description: str | None = None,
        stage: Stage | None = None,
        framework: str | None = None,
        enable_notification: bool | None = None,
        enable_auto_build: bool | None = None,
        environment_variables: str | None = None,
        basic_auth_credentials: str | None = None,
        enable_basic_auth: bool | None = None,
        enable_performance_mode: bool | None = None,
        tags: str | None = None,
        build_spec: str | None = None,
        ttl: str | None = None,
        display_name: str | None = None,
        enable_pull_request_preview: bool | None = None,
        pull_request_environment_name: str | None = None,
        backend_environment_arn: str | None = None,
) -> dict[str, Any]:
    """Creates a new branch for an Amplify app.

    Args:
        description: The description for the branch; at most 1000 characters.
        stage: Describes the current stage for the branch.
        framework: The framework for the branch; at most 255 characters.
        enable_notification: Enables notifications for the branch.
        enable_auto_build: Enables auto building for the branch.
        environment_variables: The environment variables for the branch.
        basic_auth_credentials: The basic authorization credentials for the branch. You must base64-encode the
            authorization credentials and provide them in the format user:password ; at most 2000 characters.
        enable_basic_auth: Enables basic authorization for the branch.
        enable_performance_mode: Enables performance mode for the branch. Performance mode optimizes for faster
            hosting performance by keeping content cached at the edge for a longer interval. When performance mode is
            enabled, hosting configuration or code changes can take up to 10 minutes to roll out.
        tags: The tag for the branch.
        build_spec: The build specification (build spec) file for an Amplify app build; 1 to 25000 characters.
        ttl: The content Time to Live (TTL) for the website in seconds; 0 to 32 characters.
        display_name: The display name for a branch. This is used as the default domain prefix; at most 255
            characters.
        enable_pull_request_preview: Enables pull request previews for this branch.
        pull_request_environment_name: The Amplify environment name for the pull request; at most 20 characters.
        backend_environment_arn: The Amazon Resource Name (ARN) for a backend environment that is part of an
            Amplify app; 0 to 1000 characters.

    Returns:
        The new branch.
    """
    if description is not None:
        description = _text("description", description, None, 1000)
        description = _matches("description", description, "\\(\\?s\\).*")
    if framework is not None:
        framework = _text("framework", framework, None, 255)
        framework = _matches("framework", framework, "\\(\\?s\\).*")
    if basic_auth_credentials is not None:
        basic_auth_credentials = _text("basic_auth_credentials", basic_auth_credentials, None, 2000)
    if build_spec is not None:
        build_spec = _text("build_spec", build_spec, 1, 25000)
    if ttl is not None:
        ttl = _text("ttl", ttl, 0, 32)
        ttl = _matches("ttl", ttl, "\\d*")
    if display_name is not None:
        display_name = _text("display_name", display_name, None, 255)
        display_name = _matches("display_name", display_name, "\\(\\?s\\).*")
    if pull_request_environment_name is not None:
        pull_request_environment_name = _text("pull_request_environment_name",
                                              pull_request_environment_name, None, 20)
        pull_request_environment_name = _matches("pull_request_environment_name",
                                                 pull_request_environment_name, "\\(\\?s\\).*")
    if backend_environment_arn is not None:
        backend_environment_arn = _text("backend_environment_arn", backend_environment_arn, 0, 1000)
        backend_environment_arn = _matches("backend_environment_arn", backend_environment_arn, "\\(\\?s\\).*")
    branch_name = _next_id(db, "branches", "branch_name", "B-", 4)
    db.execute("INSERT INTO branches (branch_arn, branch_name, description, tags, stage, display_name, "
               "enable_notification, create_time, update_time, environment_variables, enable_auto_build, "
               "custom_domains, framework, active_job_id, total_number_of_jobs, enable_basic_auth, "
               "enable_performance_mode, thumbnail_url, basic_auth_credentials, build_spec, ttl, "
               "associated_resources, enable_pull_request_preview, pull_request_environment_name, "
               "destination_branch, source_branch, backend_environment_arn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               ["", branch_name, description, tags, stage, display_name, enable_notification, db.now, db.now, environment_variables, enable_auto_build, "", framework, "", "", enable_basic_auth, enable_performance_mode, None, basic_auth_credentials, build_spec, ttl, None, enable_pull_request_preview, pull_request_environment_name, None, None, backend_environment_arn])
    return _branch(db, branch_name)


@tool
def list_domain_associations(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Returns the domain associations for an Amplify app.

    Args:
        app_id: The unique ID for an Amplify app; 1 to 20 characters.

    Returns:
        The matching app rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        where.append("lower(t.app_id) = lower(?)")
        params.append(app_id.strip())
    return _select(db, _APPS_SQL, where, params, "t.app_id")


@tool
def list_webhooks(db: Database) -> list[dict[str, Any]]:
    """Returns a list of webhooks for an Amplify app.

    Returns:
        The matching webhook rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _WEBHOOKS_SQL, [], [], "t.webhook_id")


@tool(writes=True)
def create_webhook(db: Database, branch_name: str, description: str | None = None) -> dict[str, Any]:
    """Creates a new webhook on an Amplify app.

    Args:
        branch_name: The name for a branch that is part of an Amplify app; e.g. "B-0001" (from list_branches).
        description: The description for a webhook; at most 1000 characters.

    Returns:
        The new webhook.
    """
    branch = _branch(db, branch_name)
    if description is not None:
        description = _text("description", description, None, 1000)
        description = _matches("description", description, "\\(\\?s\\).*")
    webhook_id = _next_id(db, "webhooks", "webhook_id", "W-", 4)
    db.execute("INSERT INTO webhooks (webhook_arn, webhook_id, webhook_url, branch_name, description, create_time, "
               "update_time) VALUES (?, ?, ?, ?, ?, ?, ?)",
               ["", webhook_id, "", branch["branch_name"], description, db.now, db.now])
    return _webhook(db, webhook_id)


@tool
def get_app(db: Database, app_id: str) -> dict[str, Any]:
    """Returns an existing Amplify app by appID.

    Args:
        app_id: The unique ID for an Amplify app; e.g. "A-0001" (from list_apps).

    Returns:
        The app with the names of the rows it refers to.
    """
    return _app(db, app_id)


@tool(writes=True)
def delete_app(db: Database, app_id: str) -> dict[str, Any]:
    """Deletes an existing Amplify app specified by an app ID.

    Args:
        app_id: The unique ID for an Amplify app; e.g. "A-0001" (from list_apps).

    Returns:
        The removed app, marked deleted.
    """
    app = _app(db, app_id)
    db.execute("DELETE FROM apps WHERE app_id = ?", [app["app_id"]])
    return {**app, "deleted": True}


@tool
def get_backend_environment(db: Database, app_id: str) -> dict[str, Any]:
    """Returns a backend environment for an Amplify app.

    Args:
        app_id: The unique id for an Amplify app; e.g. "A-0001" (from list_apps).

    Returns:
        The app with the names of the rows it refers to.
    """
    return _app(db, app_id)


@tool
def get_branch(db: Database, branch_name: str) -> dict[str, Any]:
    """Returns a branch for an Amplify app.

    Args:
        branch_name: The name for the branch; e.g. "B-0001" (from list_branches).

    Returns:
        The branch with the names of the rows it refers to.
    """
    return _branch(db, branch_name)


@tool(writes=True)
def delete_branch(db: Database, branch_name: str) -> dict[str, Any]:
    """Deletes a branch for an Amplify app.

    Args:
        branch_name: The name for the branch; e.g. "B-0001" (from list_branches).

    Returns:
        The removed branch, marked deleted.
    """
    branch = _branch(db, branch_name)
    used = db.scalar("SELECT count(*) FROM webhooks WHERE branch_name = ?", [branch["branch_name"]])
    if used:
        raise ToolError(f"branch {branch['branch_name']} is still referred to by {used} webhook row(s)")
    db.execute("DELETE FROM branches WHERE branch_name = ?", [branch["branch_name"]])
    return {**branch, "deleted": True}


@tool
def get_domain_association(db: Database, app_id: str) -> dict[str, Any]:
    """Returns the domain information for an Amplify app.

    Args:
        app_id: The unique id for an Amplify app; e.g. "A-0001" (from list_apps).

    Returns:
        The app with the names of the rows it refers to.
    """
    return _app(db, app_id)


@tool
def get_job(db: Database, job_id: str) -> dict[str, Any]:
    """Returns a job for a branch of an Amplify app.

    Args:
        job_id: The unique ID for the job; e.g. "J-0001" (from list_jobs).

    Returns:
        The job with the names of the rows it refers to.
    """
    return _job(db, job_id)


@tool(writes=True)
def delete_job(db: Database, job_id: str) -> dict[str, Any]:
    """Deletes a job for a branch of an Amplify app.

    Args:
        job_id: The unique ID for the job; e.g. "J-0001" (from list_jobs).

    Returns:
        The removed job, marked deleted.
    """
    job = _job(db, job_id)
    db.execute("DELETE FROM jobs WHERE job_id = ?", [job["job_id"]])
    return {**job, "deleted": True}


@tool
def get_webhook(db: Database, webhook_id: str) -> dict[str, Any]:
    """Returns the webhook information that corresponds to a specified webhook ID.

    Args:
        webhook_id: The unique ID for a webhook; e.g. "W-0001" (from list_webhooks).

    Returns:
        The webhook with the names of the rows it refers to.
    """
    return _webhook(db, webhook_id)


@tool(writes=True)
def delete_webhook(db: Database, webhook_id: str) -> dict[str, Any]:
    """Deletes a webhook.

    Args:
        webhook_id: The unique ID for a webhook; e.g. "W-0001" (from list_webhooks).

    Returns:
        The removed webhook, marked deleted.
    """
    webhook = _webhook(db, webhook_id)
    db.execute("DELETE FROM webhooks WHERE webhook_id = ?", [webhook["webhook_id"]])
    return {**webhook, "deleted": True}


@tool
def get_artifact_url(db: Database, artifact_id: str) -> dict[str, Any]:
    """Returns the artifact info that corresponds to an artifact id.

    Args:
        artifact_id: The unique ID for an artifact; e.g. "AU-0001".

    Returns:
        The artifact url with the names of the rows it refers to.
    """
    return _artifact_url(db, artifact_id)


@tool
def list_artifacts(db: Database) -> list[dict[str, Any]]:
    """Returns a list of artifacts for a specified app, branch, and job.

    Returns:
        The matching artifact rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _ARTIFACTS_SQL, [], [], "t.artifact_id")


@tool
def list_jobs(db: Database) -> list[dict[str, Any]]:
    """Lists the jobs for a branch of an Amplify app.

    Returns:
        The matching job rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _JOBS_SQL, [], [], "t.job_id")


@tool(writes=True)
def start_job(
        db: Database,
        job_type: JobType,
        commit_id: str | None = None,
        commit_message: str | None = None,
        commit_time: str | None = None,
) -> dict[str, Any]:
    """Starts a new job for a branch of an Amplify app.

    Args:
        job_type: Describes the type for the job. The job type RELEASE starts a new job with the latest change
            from the specified branch. This value is available only for apps that are connected to a repository. The
            job type RETRY retries an existing job. If the job type value is RETRY , the jobId is also required; at
            most 10 characters.
        commit_id: The commit ID from a third-party repository provider for the job; at most 255 characters.
        commit_message: The commit message from a third-party repository provider for the job; at most 10000
            characters.
        commit_time: The commit date and time for the job; a date and time YYYY-MM-DDTHH:MM.

    Returns:
        The new job.
    """
    if commit_id is not None:
        commit_id = _text("commit_id", commit_id, None, 255)
        commit_id = _matches("commit_id", commit_id, "\\(\\?s\\).*")
    if commit_message is not None:
        commit_message = _text("commit_message", commit_message, None, 10000)
        commit_message = _matches("commit_message", commit_message, "\\(\\?s\\).*")
    if commit_time is not None:
        commit_time = _moment("commit_time", commit_time)
    job_id = _next_id(db, "jobs", "job_id", "J-", 4)
    db.execute("INSERT INTO jobs (job_arn, job_id, commit_id, commit_message, commit_time, start_time, status, "
               "end_time, job_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               ["", job_id, commit_id, commit_message, commit_time, db.now, "PENDING", db.now, job_type])
    return _job(db, job_id)


@tool(writes=True)
def start_deployment(db: Database, job_id: str) -> dict[str, Any]:
    """Starts a deployment for a manually deployed app. Manually deployed apps are not connected to a repository.

    Args:
        job_id: The job ID for this deployment, generated by the create deployment request; e.g. "J-0001" (from
            list_jobs).

    Returns:
        The job as changed.
    """
    job = _job(db, job_id)
    if job["status"] not in ("PENDING", "PROVISIONING", "SUCCEED", "CANCELLING"):
        raise ToolError(f"job {job['job_id']} is {job['status']}: start deployment applies only to a job whose "
                        f"status is PENDING, PROVISIONING, SUCCEED or CANCELLING")
    changes: dict[str, Any] = {"status": "RUNNING"}
    _update(db, "jobs", "job_id", job["job_id"], changes)
    return _job(db, job["job_id"])


@tool(writes=True)
def stop_job(db: Database, job_id: str) -> dict[str, Any]:
    """Stops a job that is in progress for a branch of an Amplify app.

    Args:
        job_id: The unique id for the job; e.g. "J-0001" (from list_jobs).

    Returns:
        The removed job, marked deleted.
    """
    job = _job(db, job_id)
    db.execute("DELETE FROM jobs WHERE job_id = ?", [job["job_id"]])
    return {**job, "deleted": True}
