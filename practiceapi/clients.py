"""Which client sent a request: the one address the admin-login lock-out (django-axes) and
the limit on new sessions count by.

The TCP peer (`REMOTE_ADDR`), unless `BEHIND_HTTPS_PROXY=1` and the peer is one of
`TRUSTED_PROXIES`. Then `X-Forwarded-For` is read from the right, where each proxy
appended the address it was connected from (HAProxy's `option forwardfor`), past every
entry that is itself a trusted proxy (a load balancer in front of HAProxy): the first
address that is not one is the client. Entries further left were written by the client
and would let anyone pick the address they are counted as, or lock someone else out; a
peer outside the list reached the app directly, and its header is no proxy's.

Counted by the address as a client holds it: an IPv4 address (an IPv4-mapped IPv6
address as the IPv4 address it maps), or an IPv6 address's /64 network, written as its
first address (`2001:db8:1:2::`). A host is given a whole /64 and makes up new addresses
in it at will (privacy addresses); counted one by one, it would never reach a limit.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from django.conf import settings
from django.http import HttpRequest

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# The prefix one IPv6 host is given: its interface identifier is the other 64 bits.
IPV6_HOST_PREFIX = 64


def client_address(request: HttpRequest) -> str:
    """The address the request's client is counted by ("" when there is none to be found)."""
    meta = request.META
    client = parsed(meta.get("REMOTE_ADDR", ""))
    if client is None:
        return ""
    proxies: Sequence[Network] = settings.TRUSTED_PROXIES
    if settings.BEHIND_HTTPS_PROXY and trusted(client, proxies):
        for entry in reversed(meta.get("HTTP_X_FORWARDED_FOR", "").split(",")):
            hop = parsed(entry)
            if hop is None:
                # Not an address: nothing left of it can be told apart from what a client
                # wrote, so the client is the nearest trusted hop to its right.
                break
            client = hop
            if not trusted(hop, proxies):
                break
    return counted(client)


def parsed(value: str) -> Address | None:
    """The address `value` spells (an IPv4-mapped IPv6 address as its IPv4 address)."""
    try:
        address = ipaddress.ip_address(value.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def trusted(address: Address, proxies: Sequence[Network]) -> bool:
    return any(address in network for network in proxies)


def counted(address: Address) -> str:
    """The address a client is counted by: IPv4 as it is, IPv6 as its /64's first address."""
    if isinstance(address, ipaddress.IPv6Address):
        host_bits = 128 - IPV6_HOST_PREFIX
        return str(ipaddress.IPv6Address(int(address) >> host_bits << host_bits))
    return str(address)
