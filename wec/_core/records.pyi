# The Python face of records.pyx (its fields are described in records.pxd).
from typing import Any

class ActionRecord:
    kind: int
    pid: int
    dest: int
    dlevel: int
    passenger: int
    path: int
    group: int
    dir: int
    art: int
    art2: int
    target: int
    def __init__(self, kind: int, pid: int = ..., dest: int = ..., dlevel: int = ...,
                 passenger: int = ..., path: int = ..., group: int = ..., dir: int = ...,
                 art: int = ..., art2: int = ..., target: int = ...) -> None: ...
    def __hash__(self) -> int: ...

class Journey:
    kind: int
    dest: int
    path: int
    level: int
    def __init__(self, kind: int, dest: int, path: int, level: int) -> None: ...

class PieceRecord:
    pid: int
    type: int
    color: int
    hand: int
    sq: int
    level: int
    articles: tuple[tuple[int, int], ...]
    stun: int
    home: int
    cooldowns: dict[int, int]
    journey: Journey | None
    fired: int
    acted: int
    hits: dict[int, int]
    mover: int
    def __init__(self, pid: int, type: int, color: int, hand: int, sq: int, level: int,
                 articles: tuple[tuple[int, int], ...], stun: int, home: int,
                 cooldowns: dict[int, int], journey: Journey | None, fired: int, acted: int,
                 hits: dict[int, int], mover: int) -> None: ...

class EventRecord:
    kind: int
    pid: int
    sq: int
    level: int
    info: int
    color: int
    def __init__(self, kind: int, pid: int, sq: int, level: int, info: int,
                 color: int) -> None: ...
