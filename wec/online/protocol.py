"""The online protocol (docs/PROTOCOL.md), shared by the server and every client: the frames
as typed dataclasses, the parsing and checking of a received text frame, the error codes and
the limits. No network code here: a frame is a JSON text, a message a dataclass.

`parse_frame(text)` turns one client frame into one of the request dataclasses or raises
`ProtocolError(code, message)`; nothing it refuses can reach a game.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Union

try:  # the `online` extra brings it; without it the stdlib does the same, slower
    from orjson import dumps as _orjson_dumps
    from orjson import loads as _orjson_loads
except ImportError:  # pragma: no cover
    _orjson_dumps = _orjson_loads = None  # type: ignore[assignment]

from wec.game.clock import TimeControl

# --- limits ----------------------------------------------------------------------------------

MAX_FRAME_BYTES = 64 * 1024
"""A client frame longer than this is refused (error `too_large`); the connection stays."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects a client frame may have."""
MAX_INT_DIGITS = 15
"""An integer with more digits than this is refused (no version or number needs more)."""
MAX_NAME = 40
"""A player's name, in characters."""
MAX_ACTION = 400
"""An action's text, in characters."""
MAX_ID = 64
"""A game id or token, in characters."""
MIN_GRACE, MAX_GRACE, DEFAULT_GRACE = 1.0, 86_400.0, 120.0
"""The seconds an opponent may be gone before the other seat may claim the victory."""

SIDES = ("black", "white")

# --- error codes (the `code` of an `error` frame) --------------------------------------------

BAD_JSON = "bad_json"              # not a JSON text
BAD_FRAME = "bad_frame"            # a JSON text, but not an object of the right fields and types
UNKNOWN_TYPE = "unknown_type"      # a `type` no request has
TOO_LARGE = "too_large"            # over MAX_FRAME_BYTES
TOO_DEEP = "too_deep"              # nested deeper than MAX_DEPTH
RATE_LIMITED = "rate_limited"      # more frames than the connection's allowance
BINARY = "binary"                  # a binary frame: the protocol is text
NO_SUCH_GAME = "no_such_game"
GAME_FULL = "game_full"            # both seats are taken: `watch` it
BAD_TOKEN = "bad_token"            # resume with a token that is not the seat's
NOT_SEATED = "not_seated"          # this connection holds no seat in that game
NOT_STARTED = "not_started"        # the second seat has not joined yet
NOT_YOUR_TURN = "not_your_turn"
STALE_VERSION = "stale_version"    # the act was made on another version of the game
ILLEGAL_ACTION = "illegal_action"
GAME_OVER = "game_over"
NO_DRAW_OFFER = "no_draw_offer"    # accept_draw without an offer of the opponent
NOT_IN_SETUP = "not_in_setup"      # a set-up request to a game that has none, or has started
NO_PROPOSAL = "no_proposal"        # answer without a proposal of the opponent
TOO_EARLY = "too_early"            # claim while the opponent is present, or within the grace
BAD_OPTIONS = "bad_options"        # create with options or a scenario the game refuses
SERVER_ERROR = "server_error"      # the server could not store the change: nothing changed

ERROR_CODES = (BAD_JSON, BAD_FRAME, UNKNOWN_TYPE, TOO_LARGE, TOO_DEEP, RATE_LIMITED, BINARY,
               NO_SUCH_GAME, GAME_FULL, BAD_TOKEN, NOT_SEATED, NOT_STARTED, NOT_YOUR_TURN,
               STALE_VERSION, ILLEGAL_ACTION, GAME_OVER, NO_DRAW_OFFER, NOT_IN_SETUP, NO_PROPOSAL,
               TOO_EARLY, BAD_OPTIONS, SERVER_ERROR)


class ProtocolError(Exception):
    """A refused frame: `code` (one of ERROR_CODES) and a message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def frame(self, ref: Any = None) -> dict[str, Any]:
        return error_frame(self.code, self.message, ref)


# --- requests (client -> server) -------------------------------------------------------------

@dataclass(frozen=True)
class Create:
    """Open a game and take a seat: `side` black, white or random."""
    name: str
    side: str
    options: dict[str, Any]
    scenario: str | None = None
    grace: float = DEFAULT_GRACE
    setup: str = "none"
    """Either none (the game starts when the second seat joins) or negotiate (a set-up)."""
    time_control: dict[str, float] | None = None
    """Clocks: {"base_seconds", "increment_seconds"} (`time_control`), or None: no clocks."""


@dataclass(frozen=True)
class Join:
    """Take the free seat of a game."""
    game: str
    name: str


@dataclass(frozen=True)
class Watch:
    """Follow a game as a spectator."""
    game: str


@dataclass(frozen=True)
class Resume:
    """Take back one's seat (after a dropped connection or a server restart)."""
    game: str
    token: str


@dataclass(frozen=True)
class Act:
    """One action of the seat to move, made on the game's `version`."""
    game: str
    action: str
    version: int


@dataclass(frozen=True)
class Resign:
    game: str


@dataclass(frozen=True)
class OfferDraw:
    game: str


@dataclass(frozen=True)
class AcceptDraw:
    game: str


@dataclass(frozen=True)
class Claim:
    """Claim the victory: the opponent has been gone longer than the game's grace."""
    game: str


@dataclass(frozen=True)
class Pick:
    """Set-up: the seat's colour wish (black, white or random)."""
    game: str
    side: str


@dataclass(frozen=True)
class Propose:
    """Set-up: new terms (options, a scenario, clocks) or a saved online game ({"game",
    "token"}: a seat of it) for the opponent to answer."""
    game: str
    options: dict[str, Any]
    scenario: str | None = None
    time_control: dict[str, float] | None = None
    saved: dict[str, str] | None = None


@dataclass(frozen=True)
class Answer:
    """Set-up: accept or refuse the opponent's proposal."""
    game: str
    accept: bool
    token: str | None = None
    """Accepting a saved game: the answering seat's token of that game (the other side's)."""


@dataclass(frozen=True)
class Begin:
    """Set-up: end it ("Setup Fine"): colours resolved, the game starts on the agreed terms."""
    game: str


Request = Union[Create, Join, Watch, Resume, Act, Resign, OfferDraw, AcceptDraw, Claim, Pick,
                Propose, Answer, Begin]

REQUEST_TYPES: dict[str, type] = {
    "create": Create, "join": Join, "watch": Watch, "resume": Resume, "act": Act,
    "resign": Resign, "offer_draw": OfferDraw, "accept_draw": AcceptDraw, "claim": Claim,
    "pick": Pick, "propose": Propose, "answer": Answer, "begin": Begin,
}
"""Every request's `type`."""


# --- parsing ---------------------------------------------------------------------------------

def _refuse_constant(name: str) -> Any:
    raise ProtocolError(BAD_JSON, f"{name} is not a number this protocol accepts")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ProtocolError(BAD_FRAME, f"a number of {len(text)} digits is too large")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > 32:
        raise ProtocolError(BAD_FRAME, "a number written with over 32 characters is refused")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ProtocolError(BAD_FRAME, "a number out of range is refused")
    return value


_DECODER = json.JSONDecoder(parse_int=_bounded_int, parse_float=_bounded_float,
                            parse_constant=_refuse_constant)


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings skipped), read
    without parsing it (so a text nested 10 000 deep costs a scan, not a recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def decode(text: str | bytes) -> dict[str, Any]:
    """A client frame's JSON object, within the limits, or ProtocolError."""
    if isinstance(text, bytes):
        raise ProtocolError(BINARY, "frames are JSON text, not binary")
    if len(text) > MAX_FRAME_BYTES or len(text.encode("utf-8", "surrogatepass")) > \
            MAX_FRAME_BYTES:
        raise ProtocolError(TOO_LARGE, f"a frame may hold at most {MAX_FRAME_BYTES} bytes")
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting_depth(text) > MAX_DEPTH:
        raise ProtocolError(TOO_DEEP, f"a frame may nest at most {MAX_DEPTH} levels")
    try:
        data = _DECODER.decode(text)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as e:
        raise ProtocolError(BAD_JSON, f"not a JSON text: {str(e)[:120]}") from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_FRAME, f"a frame is a JSON object, not {type(data).__name__}")
    return data


def _text(data: Mapping[str, Any], key: str, limit: int, *, empty: bool = False) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ProtocolError(BAD_FRAME, f"{key}: expected a string")
    if len(value) > limit or (not value and not empty):
        raise ProtocolError(BAD_FRAME, f"{key}: expected 1 to {limit} characters")
    if any(ord(c) < 32 for c in value):
        raise ProtocolError(BAD_FRAME, f"{key}: control characters are refused")
    return value


def _name(data: Mapping[str, Any]) -> str:
    if "name" not in data:
        return "anonymous"
    return _text(data, "name", MAX_NAME).strip() or "anonymous"


def _check_keys(data: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed - {"type", "ref"})
    if unknown:
        raise ProtocolError(BAD_FRAME, f"unknown field {unknown[0][:40]!r}")


def _create(data: Mapping[str, Any]) -> Create:
    _check_keys(data, {"name", "side", "options", "scenario", "grace", "setup", "time_control"})
    side = data.get("side", "random")
    if side not in ("black", "white", "random"):
        raise ProtocolError(BAD_FRAME, "side: expected black, white or random")
    options, scenario = _terms(data)
    grace = data.get("grace", DEFAULT_GRACE)
    if isinstance(grace, bool) or not isinstance(grace, (int, float)) or \
            not MIN_GRACE <= grace <= MAX_GRACE:
        raise ProtocolError(BAD_FRAME, f"grace: expected seconds from {MIN_GRACE:g} to "
                                       f"{MAX_GRACE:g}")
    setup = data.get("setup", "none")
    if setup not in ("none", "negotiate"):
        raise ProtocolError(BAD_FRAME, "setup: expected none or negotiate")
    return Create(_name(data), side, options, scenario, float(grace), setup,
                  time_control(data))


def time_control(data: Mapping[str, Any]) -> dict[str, float] | None:
    """A frame's `time_control` ({"base_seconds", "increment_seconds"}, as a position's
    `clock` without `remaining`: FORMATS.md), checked by the game's own TimeControl; None
    when absent or null."""
    value = data.get("time_control")
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) - {"base_seconds", "increment_seconds"}:
        raise ProtocolError(BAD_FRAME, "time_control: expected {\"base_seconds\": seconds, "
                                       "\"increment_seconds\": seconds}")
    try:
        control = TimeControl(value.get("base_seconds", 0), value.get("increment_seconds", 0))
    except ValueError as e:
        raise ProtocolError(BAD_FRAME, f"time_control: {str(e)[:120]}") from None
    return {"base_seconds": control.base_seconds,
            "increment_seconds": control.increment_seconds}


def _terms(data: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """A frame's options (an object of option values) and scenario (a name or null)."""
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(
            isinstance(v, (str, int, float, bool)) for v in options.values()):
        raise ProtocolError(BAD_FRAME, "options: expected an object of option values")
    scenario = None if data.get("scenario") is None else _text(data, "scenario", MAX_NAME)
    return dict(options), scenario


def _pick(data: Mapping[str, Any]) -> Pick:
    _check_keys(data, {"game", "side"})
    side = data.get("side")
    if side not in ("black", "white", "random"):
        raise ProtocolError(BAD_FRAME, "side: expected black, white or random")
    return Pick(_text(data, "game", MAX_ID), side)


def _propose(data: Mapping[str, Any]) -> Propose:
    _check_keys(data, {"game", "options", "scenario", "time_control", "saved"})
    options, scenario = _terms(data)
    saved = data.get("saved")
    if saved is not None:
        if not isinstance(saved, dict) or set(saved) != {"game", "token"}:
            raise ProtocolError(BAD_FRAME, "saved: expected {\"game\": id, \"token\": the "
                                           "seat's token there}")
        if options or scenario is not None or data.get("time_control") is not None:
            raise ProtocolError(BAD_FRAME, "saved: a saved game comes with its own terms (no "
                                           "options, scenario or time_control beside it)")
        saved = {"game": _text(saved, "game", MAX_ID), "token": _text(saved, "token", MAX_ID)}
    return Propose(_text(data, "game", MAX_ID), options, scenario, time_control(data), saved)


def _answer(data: Mapping[str, Any]) -> Answer:
    _check_keys(data, {"game", "accept", "token"})
    accept = data.get("accept")
    if not isinstance(accept, bool):
        raise ProtocolError(BAD_FRAME, "accept: expected true or false")
    token = None if data.get("token") is None else _text(data, "token", MAX_ID)
    return Answer(_text(data, "game", MAX_ID), accept, token)


def _game_only(cls: type) -> Callable[[Mapping[str, Any]], Any]:
    def parse(data: Mapping[str, Any]) -> Any:
        _check_keys(data, {"game"})
        return cls(_text(data, "game", MAX_ID))
    return parse


def _join(data: Mapping[str, Any]) -> Join:
    _check_keys(data, {"game", "name"})
    return Join(_text(data, "game", MAX_ID), _name(data))


def _resume(data: Mapping[str, Any]) -> Resume:
    _check_keys(data, {"game", "token"})
    return Resume(_text(data, "game", MAX_ID), _text(data, "token", MAX_ID))


def _act(data: Mapping[str, Any]) -> Act:
    _check_keys(data, {"game", "action", "version"})
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ProtocolError(BAD_FRAME, "version: expected the count of actions applied, an "
                                       "integer >= 0")
    return Act(_text(data, "game", MAX_ID), _text(data, "action", MAX_ACTION), version)


_PARSERS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "create": _create, "join": _join, "watch": _game_only(Watch), "resume": _resume,
    "act": _act, "resign": _game_only(Resign), "offer_draw": _game_only(OfferDraw),
    "accept_draw": _game_only(AcceptDraw), "claim": _game_only(Claim), "pick": _pick,
    "propose": _propose, "answer": _answer, "begin": _game_only(Begin),
}


def reference(data: Mapping[str, Any]) -> Any:
    """The client's `ref` of a frame (echoed in the error it gets), if it is a short string or
    a small integer; else None."""
    ref = data.get("ref")
    if isinstance(ref, str) and len(ref) <= MAX_ID:
        return ref
    if isinstance(ref, int) and not isinstance(ref, bool):
        return ref
    return None


def parse_request(data: Mapping[str, Any]) -> Request:
    """The request of a decoded frame, or ProtocolError."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(BAD_FRAME, "type: expected a string")
    parser = _PARSERS.get(kind)
    if parser is None:
        raise ProtocolError(UNKNOWN_TYPE, f"unknown type {kind[:40]!r}; known: "
                                          f"{', '.join(REQUEST_TYPES)}")
    request: Request = parser(data)
    return request


def parse_frame(text: str | bytes) -> Request:
    """One client frame, decoded and checked: a request dataclass, or ProtocolError."""
    return parse_request(decode(text))


def request_frame(request: Request, ref: Any = None) -> dict[str, Any]:
    """The frame of a request (what a client sends)."""
    kind = next(k for k, cls in REQUEST_TYPES.items() if isinstance(request, cls))
    frame = {"type": kind, **dataclasses.asdict(request)}
    if isinstance(request, (Create, Propose)) and request.scenario is None:
        frame.pop("scenario")
    if isinstance(request, Create) and request.setup == "none":
        frame.pop("setup")
    for key in ("time_control", "saved", "token"):  # optional fields: absent when None
        if key in frame and frame[key] is None and not isinstance(request, Resume):
            frame.pop(key)
    if ref is not None:
        frame["ref"] = ref
    return frame


# --- events (server -> client) ---------------------------------------------------------------

def error_frame(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return frame


def seated_frame(game: str, side: str | None, token: str | None, names: Mapping[str, str],
                 role: str | None = None) -> dict[str, Any]:
    """The answer to create, join, resume (a seat and its token) and watch (side
    "spectator", no token); in a set-up, `side` is null and `role` host or guest until the
    set-up ends, when each seat is sent its side (its token is unchanged, not sent again)."""
    frame: dict[str, Any] = {"type": "seated", "game": game, "side": side, "names": dict(names)}
    if role is not None:
        frame["role"] = role
    if token is not None:
        frame["token"] = token
    return frame


def redirect_frame(url: str, request: str, game: str | None, ref: Any = None
                   ) -> dict[str, Any]:
    """A request sent to a worker that does not hold its game (`wec serve --workers N`): the
    client sends the same frame again at `url`, the worker that holds it (for `create`, with
    `game` null, the worker that takes the new game)."""
    frame: dict[str, Any] = {"type": "redirect", "request": request, "game": game, "url": url}
    if ref is not None:
        frame["ref"] = ref
    return frame


def presence_frame(game: str, side: str, status: str) -> dict[str, Any]:
    """A seat's presence changed: "connected", "reconnecting" or "empty"."""
    return {"type": "presence", "game": game, "side": side, "status": status}


class Raw(str):
    """A value of a frame already written as JSON text (`dumps`): `encode` puts it in as it
    is, so a part sent in many frames (a seat's observation) is written once."""

    __slots__ = ()


def dumps(value: Any) -> str:
    """A value's compact JSON text (orjson's when it is installed: the same value, faster)."""
    if _orjson_dumps is not None:
        try:
            return _orjson_dumps(value).decode("utf-8")
        except TypeError:  # what only the stdlib writes (a key not a string, a huge integer)
            pass
    return json.dumps(value, separators=(",", ":"))


def encode(frame: Mapping[str, Any]) -> str:
    """A frame's JSON text; its `Raw` values, written already, come last, as they are."""
    raw = [(k, v) for k, v in frame.items() if isinstance(v, Raw)]
    if not raw:
        return dumps(frame)
    head = dumps({k: v for k, v in frame.items() if not isinstance(v, Raw)})
    parts = [f"{json.dumps(k)}:{v}" for k, v in raw]
    return head[:-1] + ("," if len(head) > 2 else "") + ",".join(parts) + "}"


# --- reading server frames (clients) ---------------------------------------------------------

SERVER_TYPES = ("seated", "state", "setup", "presence", "error", "redirect")


def read_event(text: str | bytes) -> dict[str, Any]:
    """A server frame as a dict with a known `type` (a client's check of what it receives)."""
    if isinstance(text, bytes):
        raise ProtocolError(BINARY, "the server sent a binary frame")
    try:
        data = _orjson_loads(text) if _orjson_loads is not None else json.loads(text)
    except ValueError as e:  # orjson.JSONDecodeError is one
        raise ProtocolError(BAD_JSON, f"the server sent no JSON: {str(e)[:80]}") from None
    if not isinstance(data, dict) or data.get("type") not in SERVER_TYPES:
        raise ProtocolError(UNKNOWN_TYPE, "the server sent a frame of no known type")
    return data
