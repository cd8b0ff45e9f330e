"""A record nested under another in its paths (``/order/{order_id}/issue_refund``) belongs to it: the reference
field its schema leaves out is added, so that the nesting id is asked for, stored and checked instead of dropped."""

from __future__ import annotations

from collections.abc import Iterable

from envfactory_gym.envgen.compile.openapi import field_name, snake
from envfactory_gym.envgen.compile.scope import encloses
from envfactory_gym.envgen.digest import Entity, EntityField

#: Path parameter names too generic to name a reference field after (``/orders/{id}/refunds``).
GENERIC = frozenset({"id", "key", "name", "uuid", "sid", "gid", "code"})


def parent_field(ent: Entity, owner: Entity, given: str) -> EntityField | None:
    """The field of ``ent`` that refers to ``owner``, added from the path parameter ``given`` that names it; None
    when ``owner`` has no key or the name is taken."""
    key = owner.primary_key()
    if key is None:
        return None
    taken = {f.name for f in ent.fields}
    name = field_name(given)
    if name in GENERIC or name in taken:
        name = f"{snake(owner.name)}_id"
    if name in taken:
        return None
    field = EntityField(name=name, type=key.type if key.type in ("string", "integer") else "string",
                        description=f"The {snake(owner.name).replace('_', ' ')} this "
                                    f"{snake(ent.name).replace('_', ' ')} belongs to.",
                        references=owner.name)
    ent.fields.append(field)
    return field


def encloses_most(paths: Iterable[str], param_segment: str) -> bool:
    """Whether path parameter ``param_segment`` (``{DomainName}``) encloses nearly every call of ``paths``: the
    container every call works in (made the environment's scope by :mod:`.scope`), not a parent record."""
    return encloses(param_segment, [str(p).split("/") for p in paths])
