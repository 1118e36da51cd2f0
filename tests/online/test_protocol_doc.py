"""Every request shown in docs/PROTOCOL.md is one the server's parser takes as it is written,
and every event shown has a type a client knows."""
from __future__ import annotations

import json
import re

from online_helpers import ROOT
from wec.online import protocol as p


def shown_frames() -> list[dict]:
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    frames = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        frames += [json.loads(line) for line in block.splitlines() if line.strip()]
    return frames


def test_the_documented_requests_parse_and_the_events_are_known():
    frames = shown_frames()
    kinds = {f["type"] for f in frames}
    assert {"create", "propose", "answer", "state", "setup", "error"} <= kinds
    for frame in frames:
        if frame["type"] in p.REQUEST_TYPES:
            p.parse_frame(json.dumps(frame))  # ProtocolError fails the test
        else:
            assert frame["type"] in p.SERVER_TYPES, frame
    clocked = [f for f in frames if f["type"] == "state" and "clock" in f]
    assert clocked and set(clocked[0]["clock"]) == {"base_seconds", "increment_seconds",
                                                    "remaining", "running", "flagged"}
