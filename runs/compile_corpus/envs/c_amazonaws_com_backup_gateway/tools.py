"""Tools of the c_amazonaws_com_backup_gateway environment, compiled from AWS Backup Gateway.

Backup gateway Backup gateway connects Backup to your hypervisor, so you can create, store, and restore backups of
your virtual machines (VMs) anywhere, whether on-premises or in the VMware Cloud (VMC) on Amazon Web Services. Add
on-premises resources by connecting to a hypervisor through a gateway. Backup will automatically discover the
resources in your hypervisor. Use Backup to assign virtual or on-premises resources to a backup plan, or run on-
demand backups. Once you have backed up your resources, you can view them and restore them like any resource
supported by Backup. To download the...
"""

from __future__ import annotations

import re
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

State = Literal["PENDING", "ONLINE", "OFFLINE", "ERROR"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_HYPERVISORS_SQL = "SELECT t.* FROM hypervisors t"
_TAGS_SQL = "SELECT t.* FROM tags t"
_VIRTUAL_MACHINES_SQL = ("SELECT t.*, r1.name AS hypervisor_name FROM virtual_machines t LEFT JOIN "
                         "hypervisors r1 ON r1.name = t.hypervisor_id")
_IMPORT_HYPERVISOR_CONFIGURATIONS_SQL = "SELECT t.* FROM import_hypervisor_configurations t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


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


def _hypervisor(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_HYPERVISORS_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no hypervisor with id {name!r} (hypervisor ids look like 'H-0001')")
    return row


def _virtual_machine(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_VIRTUAL_MACHINES_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no virtual machine with id {name!r} (virtual machine ids look like 'VM-0001')")
    return row


def _import_hypervisor_configuration(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_IMPORT_HYPERVISOR_CONFIGURATIONS_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no import hypervisor configuration with id {name!r} (import hypervisor configuration ids "
                        f"look like 'IHC-0001')")
    return row


@tool(writes=True)
def get_hypervisor(db: Database, hypervisor_arn: str) -> dict[str, Any]:
    """This action requests information about the specified hypervisor to which the gateway will connect. A hypervisor is hardware, software, or firmware that creates and manages virtual machines, and allocates resources to them.

    Args:
        hypervisor_arn: The Amazon Resource Name (ARN) of the hypervisor; 50 to 500 characters.

    Returns:
        The new hypervisor.
    """
    hypervisor_arn = _text("hypervisor_arn", hypervisor_arn, 50, 500)
    hypervisor_arn = _matches("hypervisor_arn",
                              hypervisor_arn, "^arn:(aws|aws-cn|aws-us-gov):backup-gateway(:[a-zA-Z-0-9]+){3}\\/[a-zA-Z-0-9]+$")
    name = _next_id(db, "hypervisors", "name", "H-", 4)
    db.execute("INSERT INTO hypervisors (host, hypervisor_arn, kms_key_arn, name, state_) VALUES (?, ?, ?, ?, ?)",
               [None, hypervisor_arn, None, name, "PENDING"])
    return _hypervisor(db, name)


@tool(writes=True)
def get_virtual_machine(db: Database, resource_arn: str) -> dict[str, Any]:
    """By providing the ARN (Amazon Resource Name), this API returns the virtual machine.

    Args:
        resource_arn: The Amazon Resource Name (ARN) of the virtual machine; 50 to 500 characters.

    Returns:
        The new virtual machine.
    """
    resource_arn = _text("resource_arn", resource_arn, 50, 500)
    resource_arn = _matches("resource_arn",
                            resource_arn, "^arn:(aws|aws-cn|aws-us-gov):backup-gateway(:[a-zA-Z-0-9]+){3}\\/[a-zA-Z-0-9]+$")
    name = _next_id(db, "virtual_machines", "name", "VM-", 4)
    db.execute("INSERT INTO virtual_machines (host_name, hypervisor_id, last_backup_date, name, path, "
               "resource_arn) VALUES (?, ?, ?, ?, ?, ?)",
               [None, None, db.now, name, None, resource_arn])
    return _virtual_machine(db, name)


@tool(writes=True)
def import_hypervisor_configuration(
        db: Database,
        host: str,
        kms_key_arn: str | None = None,
        password: str | None = None,
        tags: str | None = None,
        username: str | None = None,
) -> dict[str, Any]:
    """Connect to a hypervisor by importing its configuration.

    Args:
        host: The server host of the hypervisor. This can be either an IP address or a fully-qualified domain name
            (FQDN); 3 to 128 characters.
        kms_key_arn: The Key Management Service for the hypervisor; 50 to 500 characters.
        password: The password for the hypervisor; 1 to 100 characters.
        tags: The tags of the hypervisor configuration to import.
        username: The username for the hypervisor; 1 to 100 characters.

    Returns:
        The new import hypervisor configuration.
    """
    host = _text("host", host, 3, 128)
    host = _matches("host", host, "^.+$")
    if kms_key_arn is not None:
        kms_key_arn = _text("kms_key_arn", kms_key_arn, 50, 500)
        kms_key_arn = _matches("kms_key_arn",
                               kms_key_arn, "^(^arn:(aws|aws-cn|aws-us-gov):kms:([a-zA-Z0-9-]+):([0-9]+):(key|alias)/(\\S+)$)|(^alias/(\\S+)$)$")
    if password is not None:
        password = _text("password", password, 1, 100)
    if username is not None:
        username = _text("username", username, 1, 100)
    name = _next_id(db, "import_hypervisor_configurations", "name", "IHC-", 4)
    db.execute("INSERT INTO import_hypervisor_configurations (host, kms_key_arn, name, password, tags, username) "
               "VALUES (?, ?, ?, ?, ?, ?)",
               [host, kms_key_arn, name, password, tags, username])
    return _import_hypervisor_configuration(db, name)


@tool
def list_hypervisors(db: Database) -> list[dict[str, Any]]:
    """Lists your hypervisors.

    Returns:
        The matching hypervisor rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _HYPERVISORS_SQL, [], [], "t.name")


@tool
def list_tags_for_resource(db: Database) -> list[dict[str, Any]]:
    """Lists the tags applied to the resource identified by its Amazon Resource Name (ARN).

    Returns:
        The matching tag rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _TAGS_SQL, [], [], "t.key")


@tool
def list_virtual_machines(db: Database) -> list[dict[str, Any]]:
    """Lists your virtual machines.

    Returns:
        The matching virtual machine rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _VIRTUAL_MACHINES_SQL, [], [], "t.name")


@tool(writes=True)
def update_hypervisor(db: Database, hypervisor_arn: str, host: str | None = None) -> dict[str, Any]:
    """Updates a hypervisor metadata, including its host, username, and password. Specify which hypervisor to update using the Amazon Resource Name (ARN) of the hypervisor in your request.

    Args:
        hypervisor_arn: The Amazon Resource Name (ARN) of the hypervisor to update; 50 to 500 characters.
        host: The updated host of the hypervisor. This can be either an IP address or a fully-qualified domain
            name (FQDN); 3 to 128 characters.

    Returns:
        The new hypervisor.
    """
    if host is not None:
        host = _text("host", host, 3, 128)
        host = _matches("host", host, "^.+$")
    hypervisor_arn = _text("hypervisor_arn", hypervisor_arn, 50, 500)
    hypervisor_arn = _matches("hypervisor_arn",
                              hypervisor_arn, "^arn:(aws|aws-cn|aws-us-gov):backup-gateway(:[a-zA-Z-0-9]+){3}\\/[a-zA-Z-0-9]+$")
    name = _next_id(db, "hypervisors", "name", "H-", 4)
    db.execute("INSERT INTO hypervisors (host, hypervisor_arn, kms_key_arn, name, state_) VALUES (?, ?, ?, ?, ?)",
               [host, hypervisor_arn, None, name, "PENDING"])
    return _hypervisor(db, name)
