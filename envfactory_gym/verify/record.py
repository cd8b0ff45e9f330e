"""The verification record as the gate writes it: :mod:`envfactory_gym.verification`, under its gate-side name."""

from envfactory_gym.verification import (  # noqa: F401
    RECORD_FILE,
    CheckResult,
    Status,
    VerificationRecord,
    content_files,
    content_hash,
    read_record,
    status,
    write_record,
)
