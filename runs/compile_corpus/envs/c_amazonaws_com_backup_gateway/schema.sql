-- Tables of the c_amazonaws_com_backup_gateway environment, one per resource of AWS Backup Gateway.

-- Represents the hypervisor's permissions to which the gateway will connect. A hypervisor is hardware, software, or firmware that creates and manages virtual machines, and allocates resources to them.
CREATE TABLE hypervisors (
    host           VARCHAR,
    hypervisor_arn VARCHAR,
    kms_key_arn    VARCHAR,
    name           VARCHAR PRIMARY KEY,
    state_         VARCHAR CHECK (state_ IN ('PENDING', 'ONLINE', 'OFFLINE', 'ERROR'))
);

-- A key-value pair you can use to manage, filter, and search for your resources. Allowed characters include UTF-8 letters, numbers, spaces, and the following characters: + - = . _ : /.
CREATE TABLE tags (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- A virtual machine that is on a hypervisor.
CREATE TABLE virtual_machines (
    host_name        VARCHAR,
    hypervisor_id    VARCHAR,
    last_backup_date TIMESTAMP,
    name             VARCHAR PRIMARY KEY,
    path             VARCHAR,
    resource_arn     VARCHAR
);

CREATE TABLE import_hypervisor_configurations (
    host        VARCHAR NOT NULL,
    kms_key_arn VARCHAR,
    name        VARCHAR PRIMARY KEY,
    password    VARCHAR,
    tags        VARCHAR,
    username    VARCHAR
);
