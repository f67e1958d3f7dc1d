"""Prometheus' humanizing template functions (template/template.go, common/helpers/templates)."""

from __future__ import annotations

import datetime
import math
import urllib.parse
from typing import Any

from kubeloop.telemetry.rules.gofmt import format_g
from kubeloop.telemetry.rules.templates import TemplateError


def to_float(value: Any) -> float:
    """``ConvertToFloat``: numbers as they are, strings parsed, anything else an error."""
    if isinstance(value, bool):
        raise TemplateError("can't convert bool to float")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            raise TemplateError(f'strconv.ParseFloat: parsing "{value}": invalid syntax') from None
    raise TemplateError(f"can't convert {type(value).__name__} to float")


def _g4(value: float) -> str:
    return format_g(value, 4)


def humanize(value: Any) -> str:
    v = to_float(value)
    if v == 0 or math.isnan(v) or math.isinf(v):
        return _g4(v)
    prefix = ""
    if abs(v) >= 1:
        for p in ("k", "M", "G", "T", "P", "E", "Z", "Y"):
            if abs(v) < 1000:
                break
            prefix = p
            v /= 1000
        return _g4(v) + prefix
    for p in ("m", "u", "n", "p", "f", "a", "z", "y"):
        if abs(v) >= 1:
            break
        prefix = p
        v *= 1000
    return _g4(v) + prefix


def humanize1024(value: Any) -> str:
    v = to_float(value)
    if abs(v) <= 1 or math.isnan(v) or math.isinf(v):
        return _g4(v)
    prefix = ""
    for p in ("ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"):
        if abs(v) < 1024:
            break
        prefix = p
        v /= 1024
    return _g4(v) + prefix


def humanize_percentage(value: Any) -> str:
    return _g4(to_float(value) * 100) + "%"


def humanize_duration(value: Any) -> str:
    v = to_float(value)
    if math.isnan(v) or math.isinf(v):
        return _g4(v)
    if v == 0:
        return _g4(v) + "s"
    if abs(v) >= 1:
        sign = "-" if v < 0 else ""
        v = abs(v)
        whole = int(v)
        seconds, minutes = whole % 60, (whole // 60) % 60
        hours, days = (whole // 3600) % 24, whole // 86400
        if days:
            return f"{sign}{days}d {hours}h {minutes}m {seconds}s"
        if hours:
            return f"{sign}{hours}h {minutes}m {seconds}s"
        if minutes:
            return f"{sign}{minutes}m {seconds}s"
        return f"{sign}{_g4(v)}s"
    prefix = ""
    for p in ("m", "u", "n", "p", "f", "a", "z", "y"):
        if abs(v) >= 1:
            break
        prefix = p
        v *= 1000
    return f"{_g4(v)}{prefix}s"


def humanize_timestamp(value: Any) -> str:
    """``2015-06-23 13:19:44.128 +0000 UTC``: Go prints the time, kept to milliseconds
    (``model.TimeFromUnixNano``), in UTC."""
    v = to_float(value)
    if math.isnan(v) or math.isinf(v):
        return _g4(v)
    nanos = v * 1e9
    if not -(2**63) <= nanos < 2**63:
        raise TemplateError(f"{v} cannot be represented as a nanoseconds timestamp")
    ms = int(int(nanos) / 1_000_000)
    seconds, millis = divmod(ms, 1000)
    moment = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC) + datetime.timedelta(
        seconds=seconds
    )
    frac = f".{millis:03d}".rstrip("0") if millis else ""
    return moment.strftime("%Y-%m-%d %H:%M:%S") + frac + " +0000 UTC"


def strip_port(host_port: str) -> str:
    if host_port.startswith("["):
        end = host_port.find("]")
        if end > 0 and host_port[end + 1 : end + 2] == ":":
            return host_port[1:end]
        return host_port
    if host_port.count(":") == 1:
        return host_port.split(":", 1)[0]
    return host_port


def strip_domain(host_port: str) -> str:
    host, port = host_port, ""
    if host_port.count(":") == 1:
        host, port = host_port.split(":", 1)
    if _is_ip(host):
        return host_port
    host = host.split(".")[0]
    return f"{host}:{port}" if port else host


def _is_ip(text: str) -> bool:
    parts = text.split(".")
    if len(parts) == 4 and all(p.isdigit() and int(p) < 256 for p in parts):
        return True
    return ":" in text


def url_query_escape(text: str) -> str:
    return urllib.parse.quote_plus(text, safe="")
