-- Tables of the truora_checks environment, one per resource of Checks API.

-- Represents a background check
CREATE TABLE checks (
    birth_certificate   VARCHAR,
    check_id            VARCHAR PRIMARY KEY,
    company_summary     VARCHAR,
    country             VARCHAR NOT NULL CHECK (country IN ('ALL', 'BR', 'CL', 'CO', 'CR', 'EC', 'MX', 'PE', 'AR')),
    creation_date       TIMESTAMP NOT NULL,
    date_of_birth       TIMESTAMP,
    diplomatic_id       VARCHAR,
    driver_license      VARCHAR,
    first_name          VARCHAR,
    foreign_id          VARCHAR,
    homonym_probability DOUBLE,
    homonym_score       DOUBLE,
    homonym_scores      VARCHAR,
    id_score            DOUBLE NOT NULL,
    issue_date          TIMESTAMP,
    last_name           VARCHAR,
    license_plate       VARCHAR,
    national_id         VARCHAR,
    native_country      VARCHAR CHECK (native_country IN ('ad', 'ae', 'af', 'ag', 'ai', 'al', 'am', 'an', 'ao', 'aq', 'ar', 'as', 'at', 'au', 'aw', 'ax', 'az', 'ba', 'bb', 'bd', 'be', 'bf', 'bg', 'bh', 'bi', 'bj', 'bm', 'bn', 'bo', 'br', 'bs', 'bt', 'bv', 'bw', 'by', 'bz', 'ca', 'cc', 'cd', 'cf', 'cg', 'ch', 'ci', 'ck', 'cl', 'cm', 'cn', 'co', 'cr', 'cu', 'cv', 'cx', 'cy', 'cz', 'de', 'dj', 'dk', 'dm', 'do', 'dz', 'ea', 'ec', 'ee', 'eg', 'eh', 'er', 'es', 'et', 'fi', 'fj', 'fk', 'fm', 'fo', 'fr', 'ga', 'gb', 'gd', 'ge', 'gf', 'gg', 'gh', 'gi', 'gl', 'gm', 'gn', 'gp', 'gq', 'gr', 'gs', 'gt', 'gu', 'gw', 'gy', 'hk', 'hm', 'hn', 'hr', 'ht', 'hu', 'id', 'ie', 'il', 'im', 'in', 'io', 'iq', 'ir', 'is', 'it', 'je', 'jm', 'jo', 'jp', 'ke', 'kg', 'kh', 'ki', 'km', 'kn', 'kp', 'kr', 'kw', 'ky', 'kz', 'la', 'lb', 'lc', 'li', 'lk', 'lr', 'ls', 'lt', 'lu', 'lv', 'ly', 'ma', 'mc', 'md', 'me', 'mg', 'mh', 'mk', 'ml', 'mm', 'mn', 'mo', 'mp', 'mq', 'mr', 'ms', 'mt', 'mu', 'mv', 'mw', 'mx', 'my', 'mz', 'na', 'nc', 'ne', 'nf', 'ng', 'ni', 'nl', 'no', 'np', 'nr', 'nu', 'nz', 'om', 'pa', 'pe', 'pf', 'pg', 'ph', 'pk', 'pl', 'pm', 'pn', 'pr', 'ps', 'pt', 'pw', 'py', 'qa', 're', 'ro', 'rs', 'ru', 'rw', 'sa', 'sb', 'sc', 'sd', 'se', 'sg', 'sh', 'si', 'sj', 'sk', 'sl', 'sm', 'sn', 'so', 'sr', 'st', 'sv', 'sy', 'sz', 'tc', 'td', 'tf', 'tg', 'th', 'tj', 'tk', 'tl', 'tm', 'tn', 'to', 'tr', 'tt', 'tv', 'tw', 'tz', 'ua', 'ug', 'um', 'us', 'uy', 'uz', 'va', 'vc', 've', 'vg', 'vi', 'vn', 'vu', 'wf', 'ws', 'ye', 'yt', 'za', 'zm', 'zw')),
    owner_document_id   VARCHAR,
    owner_document_type VARCHAR,
    passport            VARCHAR,
    payment_date        DATE,
    pep                 VARCHAR,
    phone_number        VARCHAR,
    professional_card   VARCHAR,
    ptp                 VARCHAR,
    region              VARCHAR CHECK (region IN ('DF', 'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO')),
    report_id           VARCHAR,
    score               DOUBLE NOT NULL,
    scores              VARCHAR,
    status              VARCHAR NOT NULL CHECK (status IN ('not_started', 'in_progress', 'completed', 'error', 'delayed')),
    statuses            VARCHAR NOT NULL,
    summary             VARCHAR NOT NULL,
    tax_id              VARCHAR,
    type                VARCHAR NOT NULL CHECK (type IN ('company', 'person', 'vehicle')),
    update_date         TIMESTAMP,
    vehicle_id          VARCHAR,
    vehicle_summary     VARCHAR,
    wrong_inputs        VARCHAR
);

CREATE TABLE configs (
    client_id    VARCHAR NOT NULL,
    config_id    VARCHAR PRIMARY KEY,
    score_config VARCHAR NOT NULL
);

-- Continuous check allows for background checks to be performed on the same people or vehicles periodically and notifies if new information is found. Allowing companies to keep an eye on their workforce or vehicle fleet for any recent wrongdoing they might be involved in.
CREATE TABLE continuous_checks (
    continuous_check_id     VARCHAR PRIMARY KEY,
    continuous_check_status VARCHAR NOT NULL CHECK (continuous_check_status IN ('new', 'up', 'down', 'same')),
    creation_date           DATE,
    enabled                 BOOLEAN,
    frequency               TIMESTAMP NOT NULL,
    history                 VARCHAR,
    last_check_id           VARCHAR NOT NULL,
    next_run_date           DATE,
    original_check          VARCHAR,
    update_date             DATE
);

-- Represents reports
CREATE TABLE reports (
    created_by           VARCHAR,
    created_checks_count INTEGER,
    creation_date        TIMESTAMP NOT NULL,
    has_data             BOOLEAN,
    report_id            VARCHAR PRIMARY KEY,
    invalid_checks_count INTEGER,
    name                 VARCHAR NOT NULL,
    size                 INTEGER,
    update_date          TIMESTAMP NOT NULL
);

-- Represents a database as well as an hourly status
CREATE TABLE databases (
    data_sets     VARCHAR,
    database_id   VARCHAR PRIMARY KEY,
    database_name VARCHAR,
    hourly_status VARCHAR
);

-- Represents the summary of a vehicle background check
CREATE TABLE vehicles (
    capacity                             INTEGER,
    color                                VARCHAR,
    license_plate                        VARCHAR,
    manufacturer                         VARCHAR,
    model                                VARCHAR,
    number_of_doors                      INTEGER,
    obligatory_insurance_expiration_date DATE,
    obligatory_insurance_status          VARCHAR,
    service_type                         VARCHAR,
    vehicle_category                     VARCHAR,
    vehicle_id                           VARCHAR PRIMARY KEY,
    vehicle_type                         VARCHAR,
    year                                 INTEGER
);
