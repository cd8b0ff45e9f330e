-- Tables of the c_amazonaws_com_applicationcostprofiler environment, one per resource of AWS Application Cost Profiler.

-- The configuration of a report in AWS Application Cost Profiler.
CREATE TABLE report_definitions (
    report_id               VARCHAR PRIMARY KEY,
    report_description      VARCHAR,
    report_frequency        VARCHAR CHECK (report_frequency IN ('MONTHLY', 'DAILY', 'ALL')),
    format                  VARCHAR CHECK (format IN ('CSV', 'PARQUET')),
    destination_s3_location VARCHAR,
    created_at              TIMESTAMP,
    last_updated_at         TIMESTAMP
);

CREATE TABLE import_application_usages (
    import_id VARCHAR PRIMARY KEY
);
