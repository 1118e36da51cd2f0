"""The state frames' parts written once per version (wec.online.frames) read back as the
values docs/PROTOCOL.md gives: a frame with parts written already is the same JSON value as
the frame written whole, a history grown by turns (or replaced) is the list itself."""
from __future__ import annotations

import json

from wec.online import protocol as p
from wec.online.frames import TextList


def test_a_frame_with_written_parts_reads_as_the_whole_frame() -> None:
    observation = {"pieces": [{"type": "K", "square": [1, 5]}], "turn": 3, "name": "Zoë"}
    history = ["MV:P(2,5)->(3,5),END", 'a "quoted" turn']
    whole = {"type": "state", "version": 7, "observation": observation, "history": history,
             "legal": ["END"], "result": None}
    parts = dict(whole, observation=p.Raw(p.dumps(observation)),
                 history=p.Raw(p.dumps(history)))
    assert json.loads(p.encode(parts)) == whole
    assert json.loads(p.encode({"only": p.Raw("[1,2]")})) == {"only": [1, 2]}
    assert json.loads(p.encode(whole)) == whole


def test_a_growing_list_is_written_as_the_list() -> None:
    texts = TextList()
    turns: list[str] = []
    assert json.loads(texts.text(turns)) == []
    for i in range(5):
        turns = turns + [f"MV:P({i},1)->({i + 1},1),END", "\u00e9\"\\"]
        assert json.loads(texts.text(turns)) == turns
    other = ["another game's turn"]  # not the same list grown: written anew
    assert json.loads(texts.text(other)) == other
    assert json.loads(texts.text(other[:0])) == []
