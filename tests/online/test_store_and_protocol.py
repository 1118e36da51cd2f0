"""The protocol module's checks without a network, and the store: tokens are kept only as
hashes, ids and tokens carry 128 bits, and an action the file could not take is never
confirmed to anyone."""
from __future__ import annotations

import sqlite3

import pytest

from online_helpers import InProcess, next_frame, replica, run, seat_pair
from wec.online import protocol as p
from wec.online.rooms import new_id
from wec.online.store import Store, token_hash, token_matches


def test_every_request_round_trips_through_its_frame():
    requests = [p.Create("Ann", "random", {"range_detection": True}, "stealth_duel", 30.0),
                p.Join("g", "Bob"), p.Watch("g"), p.Resume("g", "t"), p.Act("g", "END", 4),
                p.Resign("g"), p.OfferDraw("g"), p.AcceptDraw("g"), p.Claim("g"),
                p.Create("Ann", "white", {}, None, 60.0, "negotiate"), p.Pick("g", "random"),
                p.Propose("g", {"flame_range": 3}, "no_articles"), p.Propose("g", {}),
                p.Answer("g", False), p.Begin("g")]
    for request in requests:
        assert p.parse_frame(p.encode(p.request_frame(request))) == request
    assert set(p.REQUEST_TYPES) == {p.request_frame(r)["type"] for r in requests}


@pytest.mark.parametrize("text, code", [
    ("{", p.BAD_JSON), ("{}", p.BAD_FRAME), ('{"type": "x"}', p.UNKNOWN_TYPE),
    ('{"type": "act", "game": "g", "action": "END"}', p.BAD_FRAME),
    ('{"type": "create", "setup": "haggle"}', p.BAD_FRAME),
    ('{"type": "answer", "game": "g", "accept": 1}', p.BAD_FRAME),
    ('{"type": "pick", "game": "g", "side": "red"}', p.BAD_FRAME),
    ("[" * 17 + "]" * 17, p.TOO_DEEP), ('"' + "[" * 100 + '"', p.BAD_FRAME),
    (b"{}", p.BINARY), ("x" * (p.MAX_FRAME_BYTES + 1), p.TOO_LARGE),
    ('{"type": "join", "game": "g\\u0000"}', p.BAD_FRAME),
])
def test_a_refused_frame_names_its_fault(text, code):
    with pytest.raises(p.ProtocolError) as caught:
        p.parse_frame(text)
    assert caught.value.code == code


def test_tokens_are_kept_as_hashes_and_ids_are_unguessable(tmp_path):
    ids = {new_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(len(i) >= 22 for i in ids)  # 16 bytes: 128 bits
    store = Store(str(tmp_path / "s.sqlite3"))
    store.add_game("g", {}, replica(None).initial_position(), 60.0)
    store.add_seat("g", "black", "Ann", "the-token")
    store.close()
    raw = b"".join(f.read_bytes() for f in tmp_path.iterdir())  # the file and any log
    assert b"the-token" not in raw
    assert token_matches("the-token", token_hash("the-token"))
    assert not token_matches("the-tokeN", token_hash("the-token"))


def test_an_action_the_file_refuses_is_confirmed_to_nobody(tmp_path, monkeypatch):
    async def scenario():
        async with InProcess(str(tmp_path / "g.sqlite3")) as server:
            black, white, seated, _ = await seat_pair(server.url)
            game = replica()
            text = str(game.legal_actions()[0])

            def broken(*_, **__):
                raise sqlite3.OperationalError("disk I/O error")
            with monkeypatch.context() as m:
                m.setattr(Store, "add_action", broken)
                await black.send(p.Act(seated["game"], text, 0))
                error = await next_frame(black, "error")
                assert error["code"] == p.SERVER_ERROR
            assert server.lobby.room(seated["game"]).version == 0
            await black.send(p.Act(seated["game"], text, 0))  # the same act, now stored
            for client in (black, white):
                assert (await next_frame(client, "state"))["version"] == 1
            await black.close()
            await white.close()
    run(scenario)


def test_tls_serves_wss(tmp_path):
    """--certfile/--keyfile: the same protocol over wss:// (a self-signed certificate)."""
    import shutil
    import ssl
    import subprocess

    from wec.online.client import Client
    from wec.online.server import Server, tls_context
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)

    async def scenario():
        server = Server(str(tmp_path / "g.sqlite3"), ssl_context=tls_context(str(cert), str(key)))
        url = await server.start()
        assert url.startswith("wss://127.0.0.1:")
        trusting = ssl.create_default_context(cafile=str(cert))
        trusting.check_hostname = False  # the certificate names an address, not a host
        client = await Client(url, trusting).connect()
        await client.send(p.Create("Ann", "black", {}, None, 60.0))
        assert (await next_frame(client, "seated"))["side"] == "black"
        await client.close()
        await server.stop()
    run(scenario)


def test_any_text_is_a_request_or_a_protocol_error():
    """Whatever a client sends, parsing gives a request or ProtocolError, never another
    exception (hypothesis: any JSON value under a known or unknown type, and any text)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() |
                          st.text(max_size=20),
                          lambda inner: st.lists(inner, max_size=4) |
                          st.dictionaries(st.text(max_size=8), inner, max_size=4),
                          max_leaves=20)
    fields = st.sampled_from(["game", "name", "side", "options", "scenario", "grace", "token",
                              "action", "version", "accept", "setup", "ref", "x"])
    frames = st.builds(lambda kind, rest: {**rest, "type": kind},
                       st.sampled_from(list(p.REQUEST_TYPES) + ["x", ""]),
                       st.dictionaries(fields, values, max_size=6))

    def parses(text: str) -> None:
        try:
            p.parse_frame(text)
        except p.ProtocolError as e:
            assert e.code in p.ERROR_CODES

    @settings(max_examples=100, deadline=None)
    @given(frames)
    def framed(frame):
        import json
        parses(json.dumps(frame))

    @settings(max_examples=100, deadline=None)
    @given(st.text(max_size=200))
    def any_text(text):
        parses(text)
    framed()
    any_text()
