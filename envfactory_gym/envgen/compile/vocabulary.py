"""The words the compiler reads operations by: RPC verbs, action verbs and the state values they set."""

from __future__ import annotations

#: An action word in an operation's name or path and the state values it sets, most likely first.
STATE_WORDS: dict[str, tuple[str, ...]] = {
    "cancel": ("cancelled", "canceled", "cancel"), "close": ("closed",), "archive": ("archived",),
    "approve": ("approved",), "reject": ("rejected", "declined"), "decline": ("declined", "rejected"),
    "complete": ("completed", "complete", "done"), "finish": ("finished", "completed", "done"),
    "activate": ("active", "activated", "enabled"), "deactivate": ("inactive", "deactivated", "disabled"),
    "enable": ("enabled", "active"), "disable": ("disabled", "inactive"), "suspend": ("suspended",),
    "publish": ("published",), "unpublish": ("unpublished", "draft"), "confirm": ("confirmed",),
    "ship": ("shipped",), "refund": ("refunded",), "void": ("voided", "void"), "lock": ("locked",),
    "unlock": ("unlocked", "open", "active"), "pause": ("paused",), "resume": ("active", "resumed", "running"),
    "start": ("started", "running", "active", "in_progress"), "stop": ("stopped",), "open": ("open", "opened"),
    "reopen": ("open", "reopened"), "block": ("blocked",), "unblock": ("active", "unblocked"),
    "accept": ("accepted",), "submit": ("submitted",), "resolve": ("resolved",), "expire": ("expired",),
    "revoke": ("revoked",), "restore": ("active", "restored"), "deliver": ("delivered",), "pay": ("paid",),
    "unsuspend": ("active", "unsuspended", "enabled"), "unarchive": ("active", "unarchived"),
    "reactivate": ("active", "reactivated", "enabled"),
}
#: The first word of an RPC-style path (``POST /createAccount``) and the verb it means.
RPC_VERBS = {"create": "create", "add": "create", "new": "create", "register": "create", "request": "create",
             "issue": "create", "import": "create", "get": "get", "lookup": "get",
             "describe": "get", "read": "get", "retrieve": "get", "fetch": "get", "list": "list", "search": "list",
             "find": "list", "query": "list", "update": "update", "modify": "update", "edit": "update",
             "set": "update", "change": "update", "delete": "delete", "remove": "delete", "destroy": "delete",
             "put": "create", "send": "create", "run": "create", "receive": "list"}
#: First words of RPC calls that act on an existing record rather than create one (``RenewCertificate``).
ACTION_VERBS = frozenset({"renew", "reset", "resend", "restart", "reboot", "rotate", "validate", "verify", "export",
                          "tag", "untag", "attach", "detach", "associate", "disassociate", "assign", "unassign",
                          "move", "copy", "merge", "transfer", "retry", "reprocess", "sync", "refresh", "test"})
#: State values no action leaves from (an action applies to rows in any other state).
TERMINAL = frozenset({"cancelled", "canceled", "completed", "complete", "closed", "deleted", "archived", "expired",
                      "rejected", "declined", "failed", "refunded", "voided", "done", "revoked", "finished"})
STATE_FIELDS = ("status", "state", "stage", "phase")
#: Every first word of a call's name whose meaning the compiler knows.
KNOWN = frozenset({*RPC_VERBS, *STATE_WORDS, *ACTION_VERBS})
