-- Tables of the c_amazonaws_com_codeguru_security environment, one per resource of Amazon CodeGuru Security.

-- Information about a finding that was detected in your code.
CREATE TABLE findings (
    created_at    TIMESTAMP,
    description   VARCHAR,
    detector_id   VARCHAR,
    detector_name VARCHAR,
    detector_tags VARCHAR,
    generator_id  VARCHAR,
    id            VARCHAR PRIMARY KEY,
    remediation   VARCHAR,
    resource      VARCHAR,
    rule_id       VARCHAR,
    severity      VARCHAR CHECK (severity IN ('Critical', 'High', 'Medium', 'Low', 'Info')),
    status        VARCHAR CHECK (status IN ('Closed', 'Open', 'All')),
    title         VARCHAR,
    type          VARCHAR,
    updated_at    TIMESTAMP,
    vulnerability VARCHAR
);

-- Information about the suggested code fix to remediate a finding.
CREATE TABLE suggested_fixes (
    code        VARCHAR PRIMARY KEY,
    description VARCHAR
);

CREATE TABLE scans (
    analysis_type       VARCHAR NOT NULL CHECK (analysis_type IN ('Security', 'All')),
    created_at          TIMESTAMP NOT NULL,
    number_of_revisions INTEGER,
    run_id              VARCHAR NOT NULL,
    scan_name           VARCHAR PRIMARY KEY,
    scan_name_arn       VARCHAR,
    scan_state          VARCHAR NOT NULL CHECK (scan_state IN ('InProgress', 'Successful', 'Failed')),
    updated_at          TIMESTAMP
);
