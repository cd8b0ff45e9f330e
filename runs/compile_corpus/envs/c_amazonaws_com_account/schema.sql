-- Tables of the c_amazonaws_com_account environment, one per resource of AWS Account.

-- This is a structure that expresses the Region for a given account, consisting of a name and opt-in status.
CREATE TABLE regions (
    region_name       VARCHAR PRIMARY KEY,
    region_opt_status VARCHAR CHECK (region_opt_status IN ('ENABLED', 'ENABLING', 'DISABLING', 'DISABLED', 'ENABLED_BY_DEFAULT'))
);
