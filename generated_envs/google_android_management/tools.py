"""Tools of the google_android_management environment, compiled from Android Management API.

The Android Management API provides remote enterprise management of Android devices and apps.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

AppliedState = Literal["DEVICE_STATE_UNSPECIFIED",
                       "ACTIVE", "DISABLED", "DELETED", "PROVISIONING", "LOST", "PREPARING_FOR_MIGRATION"]
ManagementMode = Literal["MANAGEMENT_MODE_UNSPECIFIED", "DEVICE_OWNER", "PROFILE_OWNER"]
Ownership = Literal["OWNERSHIP_UNSPECIFIED", "COMPANY_OWNED", "PERSONALLY_OWNED"]
AllowPersonalUsage = Literal["ALLOW_PERSONAL_USAGE_UNSPECIFIED",
                             "PERSONAL_USAGE_ALLOWED", "PERSONAL_USAGE_DISALLOWED"]
MigrationTokenManagementMode = Literal["MANAGEMENT_MODE_UNSPECIFIED",
                                       "WORK_PROFILE_PERSONALLY_OWNED", "WORK_PROFILE_COMPANY_OWNED", "FULLY_MANAGED"]
AppAutoUpdatePolicy = Literal["APP_AUTO_UPDATE_POLICY_UNSPECIFIED",
                              "CHOICE_TO_THE_USER", "NEVER", "WIFI_ONLY", "ALWAYS"]
AutoDateAndTimeZone = Literal["AUTO_DATE_AND_TIME_ZONE_UNSPECIFIED",
                              "AUTO_DATE_AND_TIME_ZONE_USER_CHOICE", "AUTO_DATE_AND_TIME_ZONE_ENFORCED"]
CameraAccess = Literal["CAMERA_ACCESS_UNSPECIFIED",
                       "CAMERA_ACCESS_USER_CHOICE", "CAMERA_ACCESS_DISABLED", "CAMERA_ACCESS_ENFORCED"]
CredentialProviderPolicyDefault = Literal["CREDENTIAL_PROVIDER_POLICY_DEFAULT_UNSPECIFIED",
                                          "CREDENTIAL_PROVIDER_DEFAULT_DISALLOWED", "CREDENTIAL_PROVIDER_DEFAULT_DISALLOWED_EXCEPT_SYSTEM"]
DefaultPermissionPolicy = Literal["PERMISSION_POLICY_UNSPECIFIED", "PROMPT", "GRANT", "DENY"]
EncryptionPolicy = Literal["ENCRYPTION_POLICY_UNSPECIFIED", "ENABLED_WITHOUT_PASSWORD", "ENABLED_WITH_PASSWORD"]
LocationMode = Literal["LOCATION_MODE_UNSPECIFIED",
                       "HIGH_ACCURACY", "SENSORS_ONLY", "BATTERY_SAVING", "OFF", "LOCATION_USER_CHOICE", "LOCATION_ENFORCED", "LOCATION_DISABLED"]
MicrophoneAccess = Literal["MICROPHONE_ACCESS_UNSPECIFIED",
                           "MICROPHONE_ACCESS_USER_CHOICE", "MICROPHONE_ACCESS_DISABLED", "MICROPHONE_ACCESS_ENFORCED"]
PlayStoreMode = Literal["PLAY_STORE_MODE_UNSPECIFIED", "WHITELIST", "BLACKLIST"]
PreferentialNetworkService = Literal["PREFERENTIAL_NETWORK_SERVICE_UNSPECIFIED",
                                     "PREFERENTIAL_NETWORK_SERVICE_DISABLED", "PREFERENTIAL_NETWORK_SERVICE_ENABLED"]
PrintingPolicy = Literal["PRINTING_POLICY_UNSPECIFIED", "PRINTING_DISALLOWED", "PRINTING_ALLOWED"]
DisplayMode = Literal["DISPLAY_MODE_UNSPECIFIED", "MINIMAL_UI", "STANDALONE", "FULL_SCREEN"]

_DEVICES_SQL = ("SELECT t.*, r1.expiration_timestamp AS enrollment_token_name_expiration_timestamp "
                "FROM devices t LEFT JOIN enrollment_tokens r1 ON r1.enrollment_token_name = "
                "t.enrollment_token_name")
_ENROLLMENT_TOKENS_SQL = "SELECT t.* FROM enrollment_tokens t"
_ENTERPRISES_SQL = "SELECT t.* FROM enterprises t"
_MIGRATION_TOKENS_SQL = ("SELECT t.*, r1.user_name AS device_user_name FROM migration_tokens t LEFT "
                         "JOIN devices r1 ON r1.device_name = t.device_id")
_POLICIES_SQL = "SELECT t.* FROM policies t"
_WEB_APPS_SQL = "SELECT t.* FROM web_apps t"
_WEB_TOKENS_SQL = "SELECT t.* FROM web_tokens t"
_PROVISIONINGS_SQL = "SELECT t.* FROM provisionings t"


def _device(db: Database, device_name: str) -> dict[str, Any]:
    row = db.query_one(_DEVICES_SQL + " WHERE t.device_name = ?", [device_name.strip().upper()])
    if row is None:
        raise ToolError(f"no device with id {device_name!r} (device ids look like 'D-0001')")
    return row


def _policy(db: Database, policy_name: str) -> dict[str, Any]:
    row = db.query_one(_POLICIES_SQL + " WHERE t.policy_name = ?", [policy_name.strip().upper()])
    if row is None:
        raise ToolError(f"no policy with id {policy_name!r} (policy ids look like 'P-0001')")
    return row


def _web_app(db: Database, web_app_name: str) -> dict[str, Any]:
    row = db.query_one(_WEB_APPS_SQL + " WHERE t.web_app_name = ?", [web_app_name.strip().upper()])
    if row is None:
        raise ToolError(f"no web app with id {web_app_name!r} (web app ids look like 'WA-0001')")
    return row


@tool
def androidmanagement_enterprises_list(db: Database) -> list[dict[str, Any]]:
    """Lists EMM-managed enterprises. Only BASIC fields are returned.

    Returns:
        The matching enterprise rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ENTERPRISES_SQL, [], [], "t.enterprise_name")


@tool(writes=True)
def androidmanagement_enterprises_create(
        db: Database,
        app_auto_approval_enabled: bool | None = None,
        contact_info: str | None = None,
        enabled_notification_types: str | None = None,
        enterprise_display_name: str | None = None,
        logo: str | None = None,
        primary_color: int | None = None,
        pubsub_topic: str | None = None,
        signin_details: str | None = None,
        terms_and_conditions: str | None = None,
) -> dict[str, Any]:
    """Creates an enterprise. This is the last step in the enterprise signup flow. See also: SigninDetail.

    Args:
        app_auto_approval_enabled: Deprecated and unused.
        contact_info: The enterprise contact info of an EMM-managed enterprise.
        enabled_notification_types: The types of Google Pub/Sub notifications enabled for the enterprise.
        enterprise_display_name: The name of the enterprise displayed to users. This field has a maximum length of
            100 characters.
        logo: An image displayed as a logo during device provisioning. Supported types are: image/bmp, image/gif,
            image/x-ico, image/jpeg, image/png, image/webp, image/vnd.wap.wbmp, image/x-adobe-dng.
        primary_color: A color in RGB format that indicates the predominant color to display in the device
            management app UI. The color components are stored as follows: (red << 16) | (green << 8) | blue, where
            the value of each component is between 0 and 255, inclusive.
        pubsub_topic: The topic which Pub/Sub notifications are published to, in the form
            projects/project/topics/topic. This field is only required if Pub/Sub notifications are enabled.
        signin_details: Sign-in details of the enterprise.
        terms_and_conditions: Terms and conditions that must be accepted when provisioning a device for this
            enterprise. A page of terms is generated for each value in this list.

    Returns:
        The new enterprise.
    """
    if enterprise_display_name is not None:
        enterprise_display_name = enterprise_display_name.strip()
    if pubsub_topic is not None:
        pubsub_topic = pubsub_topic.strip()
    enterprise_name = next_id(db, "enterprises", "enterprise_name", "E-", 4)
    db.execute("INSERT INTO enterprises (app_auto_approval_enabled, contact_info, enabled_notification_types, "
               "enterprise_display_name, logo, enterprise_name, primary_color, pubsub_topic, signin_details, "
               "terms_and_conditions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [app_auto_approval_enabled, contact_info, enabled_notification_types, enterprise_display_name, logo, enterprise_name, primary_color, pubsub_topic, signin_details, terms_and_conditions])
    return db.query_one(_ENTERPRISES_SQL + " WHERE t.enterprise_name = ?", [enterprise_name]) or {}


@tool(writes=True)
def androidmanagement_enterprises_web_apps_patch(
        db: Database,
        web_app_name: str,
        display_mode: DisplayMode | None = None,
        icons: str | None = None,
        start_url: str | None = None,
        title: str | None = None,
        version_code: str | None = None,
) -> dict[str, Any]:
    """Updates a web app.

    Args:
        web_app_name: The name of the web app in the form enterprises/enterpriseId/webApps/packageName; e.g.
            "WA-0001" (from androidmanagement_enterprises_web_apps_list).
        display_mode: The display mode of the web app.
        icons: A list of icons for the web app. Must have at least one element.
        start_url: The start URL, i.e. the URL that should load when the user opens the application.
        title: The title of the web app as displayed to the user (e.g., amongst a list of other applications, or
            as a label for an icon).
        version_code: The current version of the app.Note that the version can automatically increase during the
            lifetime of the web app, while Google does internal housekeeping to keep the web app up-to-date.

    Returns:
        The web app as changed.
    """
    web_app = _web_app(db, web_app_name)
    changes: dict[str, Any] = {}
    if display_mode is not None:
        changes["display_mode"] = display_mode
    if icons is not None:
        changes["icons"] = icons
    if start_url is not None:
        start_url = start_url.strip()
        changes["start_url"] = start_url
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if version_code is not None:
        version_code = version_code.strip()
        changes["version_code"] = version_code
    if not changes:
        raise ToolError("androidmanagement enterprises web apps patch needs at least one of display mode, icons, "
                        "start url, title or version code")
    update_row(db, "web_apps", "web_app_name", web_app["web_app_name"], changes)
    return _web_app(db, web_app["web_app_name"])


@tool
def androidmanagement_enterprises_devices_list(db: Database) -> list[dict[str, Any]]:
    """Lists devices for a given enterprise. Deleted devices are not returned in the response.

    Returns:
        The matching device rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DEVICES_SQL, [], [], "t.device_name")


@tool
def androidmanagement_enterprises_enrollment_tokens_list(db: Database) -> list[dict[str, Any]]:
    """Lists active, unexpired enrollment tokens for a given enterprise. The list items contain only a partial view of EnrollmentToken: all the fields but name and expiration_timestamp are empty. This method is meant to help manage active enrollment tokens lifecycle. For security reasons, it's recommended to delete active enrollment tokens as soon as they're not intended to be used anymore.

    Returns:
        The matching enrollment token rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ENROLLMENT_TOKENS_SQL, [], [], "t.enrollment_token_name")


@tool(writes=True)
def androidmanagement_enterprises_enrollment_tokens_create(
        db: Database,
        additional_data: str | None = None,
        allow_personal_usage: AllowPersonalUsage | None = None,
        duration: str | None = None,
        expiration_timestamp: str | None = None,
        one_time_only: bool | None = None,
        policy_name: str | None = None,
        qr_code: str | None = None,
        user: str | None = None,
        value: str | None = None,
) -> dict[str, Any]:
    """Creates an enrollment token for a given enterprise. It's up to the caller's responsibility to manage the lifecycle of newly created tokens and deleting them when they're not intended to be used anymore. Once an enrollment token has been created, it's not possible to retrieve the token's content anymore using AM API. It is recommended for EMMs to securely store the token if it's intended to be reused.

    Args:
        additional_data: Optional, arbitrary data associated with the enrollment token. This could contain, for
            example, the ID of an org unit the device is assigned to after enrollment. After a device enrolls with the
            token, this data will be exposed in the enrollment_token_data field of the Device resource. The data must.
        allow_personal_usage: Controls whether personal usage is allowed on a device provisioned with this
            enrollment token.For company-owned devices: Enabling personal usage allows the user to set up a work
            profile on the device. Disabling personal usage requires the user provision the device as a fully managed
            device.For.
        duration: The length of time the enrollment token is valid, ranging from 1 minute to Durations.MAX_VALUE
            (https://developers.google.com/protocol-
            buffers/docs/reference/java/com/google/protobuf/util/Durations.html#MAX_VALUE), approximately 10,000
            years. If not specified, the default duration is 1 hour. Please.
        expiration_timestamp: The expiration time of the token. This is a read-only field generated by the server.
        one_time_only: Whether the enrollment token is for one time use only. If the flag is set to true, only one
            device can use it for registration.
        policy_name: The name of the policy initially applied to the enrolled device, in the form
            enterprises/enterpriseId/policies/policyId. If not specified, the policy_name for the device’s user is
            applied. If user_name is also not specified, enterprises/enterpriseId/policies/default is applied by
            default. When; e.g. "P-0001" (from androidmanagement_enterprises_policies_list).
        qr_code: A JSON string whose UTF-8 representation can be used to generate a QR code to enroll a device
            with this enrollment token. To enroll a device using NFC, the NFC record must contain a serialized
            java.util.Properties representation of the properties in the JSON.
        user: The user associated with this enrollment token. If it's specified when the enrollment token is
            created and the user does not exist, the user will be created. This field must not contain personally
            identifiable information. Only the account_identifier field needs to be set.
        value: The token value that's passed to the device and authorizes the device to enroll. This is a read-
            only field generated by the server.

    Returns:
        The new enrollment token.
    """
    if additional_data is not None:
        additional_data = additional_data.strip()
    if duration is not None:
        duration = duration.strip()
    if expiration_timestamp is not None:
        expiration_timestamp = check_moment("expiration_timestamp", expiration_timestamp)
    if policy_name is not None:
        policy = _policy(db, policy_name)
    if qr_code is not None:
        qr_code = qr_code.strip()
    if value is not None:
        value = value.strip()
    enrollment_token_name = next_id(db, "enrollment_tokens", "enrollment_token_name", "ET-", 4)
    db.execute("INSERT INTO enrollment_tokens (additional_data, allow_personal_usage, duration, "
               "expiration_timestamp, enrollment_token_name, one_time_only, policy_name, qr_code, user, value) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [additional_data, allow_personal_usage, duration, expiration_timestamp, enrollment_token_name, one_time_only, policy["policy_name"] if policy_name is not None else None, qr_code, user, value])
    return db.query_one(_ENROLLMENT_TOKENS_SQL + " WHERE t.enrollment_token_name = ?", [enrollment_token_name]) or {}


@tool
def androidmanagement_enterprises_migration_tokens_list(db: Database) -> list[dict[str, Any]]:
    """Lists migration tokens.

    Returns:
        The matching migration token rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _MIGRATION_TOKENS_SQL, [], [], "t.migration_token_name")


@tool(writes=True)
def androidmanagement_enterprises_migration_tokens_create(
        db: Database,
        additional_data: str | None = None,
        device_id: str | None = None,
        expire_time: str | None = None,
        management_mode: MigrationTokenManagementMode | None = None,
        policy: str | None = None,
        ttl: str | None = None,
        user_id: str | None = None,
) -> dict[str, Any]:
    """Creates a migration token, to migrate an existing device from being managed by the EMM's Device Policy Controller (DPC) to being managed by the Android Management API.

    Args:
        additional_data: Immutable. Optional EMM-specified additional data. Once the device is migrated this will
            be populated in the migrationAdditionalData field of the Device resource. This must be at most 1024
            characters.
        device_id: Required. Immutable. The id of the device, as in the Play EMM API. This corresponds to the
            deviceId parameter in Play EMM API's Devices.get (https://developers.google.com/android/work/play/emm-
            api/v1/devices/get#parameters) call; e.g. "D-0001" (from androidmanagement_enterprises_devices_list).
        expire_time: Immutable. The time when this migration token expires. This can be at most seven days from
            the time of creation. The migration token is deleted seven days after it expires.
        management_mode: Required. Immutable. The management mode of the device or profile being migrated.
        policy: Required. Immutable. The name of the policy initially applied to the enrolled device, in the form
            enterprises/enterprise/policies/policy.
        ttl: Input only. The time that this migration token is valid for. This is input-only, and for returning a
            migration token the server will populate the expireTime field. This can be at most seven days. The default
            is seven days.
        user_id: Required. Immutable. The user id of the Managed Google Play account on the device, as in the Play
            EMM API. This corresponds to the userId parameter in Play EMM API's Devices.get
            (https://developers.google.com/android/work/play/emm-api/v1/devices/get#parameters) call.

    Returns:
        The new migration token.
    """
    if additional_data is not None:
        additional_data = additional_data.strip()
    if device_id is not None:
        device = _device(db, device_id)
    if expire_time is not None:
        expire_time = expire_time.strip()
    if policy is not None:
        policy = policy.strip()
    if ttl is not None:
        ttl = ttl.strip()
    if user_id is not None:
        user_id = user_id.strip()
    migration_token_name = next_id(db, "migration_tokens", "migration_token_name", "MT-", 4)
    db.execute("INSERT INTO migration_tokens (additional_data, create_time, device, device_id, expire_time, "
               "management_mode, migration_token_name, policy, ttl, user_id, value) VALUES (?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?)",
               [additional_data, None, None, device["device_name"] if device_id is not None else None, expire_time, management_mode, migration_token_name, policy, ttl, user_id, None])
    return db.query_one(_MIGRATION_TOKENS_SQL + " WHERE t.migration_token_name = ?", [migration_token_name]) or {}


@tool
def androidmanagement_enterprises_policies_list(db: Database) -> list[dict[str, Any]]:
    """Lists policies for a given enterprise.

    Returns:
        The matching policy rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _POLICIES_SQL, [], [], "t.policy_name")


@tool
def androidmanagement_enterprises_web_apps_list(db: Database) -> list[dict[str, Any]]:
    """Lists web apps for a given enterprise.

    Returns:
        The matching web app rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _WEB_APPS_SQL, [], [], "t.web_app_name")


@tool(writes=True)
def androidmanagement_enterprises_web_apps_create(
        db: Database,
        display_mode: DisplayMode | None = None,
        icons: str | None = None,
        start_url: str | None = None,
        title: str | None = None,
        version_code: str | None = None,
) -> dict[str, Any]:
    """Creates a web app.

    Args:
        display_mode: The display mode of the web app.
        icons: A list of icons for the web app. Must have at least one element.
        start_url: The start URL, i.e. the URL that should load when the user opens the application.
        title: The title of the web app as displayed to the user (e.g., amongst a list of other applications, or
            as a label for an icon).
        version_code: The current version of the app.Note that the version can automatically increase during the
            lifetime of the web app, while Google does internal housekeeping to keep the web app up-to-date.

    Returns:
        The new web app.
    """
    if start_url is not None:
        start_url = start_url.strip()
    if title is not None:
        title = title.strip()
    if version_code is not None:
        version_code = version_code.strip()
    web_app_name = next_id(db, "web_apps", "web_app_name", "WA-", 4)
    db.execute("INSERT INTO web_apps (display_mode, icons, web_app_name, start_url, title, version_code) VALUES "
               "(?, ?, ?, ?, ?, ?)",
               [display_mode, icons, web_app_name, start_url, title, version_code])
    return db.query_one(_WEB_APPS_SQL + " WHERE t.web_app_name = ?", [web_app_name]) or {}


@tool(writes=True)
def androidmanagement_enterprises_web_tokens_create(
        db: Database,
        enabled_features: str | None = None,
        parent_frame_url: str | None = None,
        permissions: str | None = None,
        value: str | None = None,
) -> dict[str, Any]:
    """Creates a web token to access an embeddable managed Google Play web UI for a given enterprise.

    Args:
        enabled_features: The features to enable. Use this if you want to control exactly which feature(s) will be
            activated; leave empty to allow all features.Restrictions / things to note: - If no features are listed
            here, all features are enabled — this is the default behavior where you give access to all features to.
        parent_frame_url: The URL of the parent frame hosting the iframe with the embedded UI. To prevent XSS, the
            iframe may not be hosted at other URLs. The URL must use the https scheme.
        permissions: Permissions available to an admin in the embedded UI. An admin must have all of these
            permissions in order to view the UI. This field is deprecated.
        value: The token value which is used in the hosting page to generate the iframe with the embedded UI. This
            is a read-only field generated by the server.

    Returns:
        The new web token.
    """
    if parent_frame_url is not None:
        parent_frame_url = parent_frame_url.strip()
    if value is not None:
        value = value.strip()
    web_token_name = next_id(db, "web_tokens", "web_token_name", "WT-", 4)
    db.execute("INSERT INTO web_tokens (enabled_features, web_token_name, parent_frame_url, permissions, value) "
               "VALUES (?, ?, ?, ?, ?)",
               [enabled_features, web_token_name, parent_frame_url, permissions, value])
    return db.query_one(_WEB_TOKENS_SQL + " WHERE t.web_token_name = ?", [web_token_name]) or {}
