"""Opening an online seat in a window of its own: `start_seat` (join or resume, or create on
a server), `host_game` (start a server in the app, then create the game on it), `resume_seat`
(a kept seat or an online save), `watch_game` (a spectator's window). The play window is made
by the caller's `make_window` (this package never imports the window's module).
"""
from __future__ import annotations

from typing import Any, Callable
from urllib.parse import urlsplit

from PySide6.QtCore import QEvent, QObject

from wec.gui.play.online import discovery
from wec.gui.play.online.hosting import HostedServer, lan_address
from wec.gui.play.online.play import OnlinePlay
from wec.gui.play.online.session import OnlineSession, SeatInfo
from wec.gui.play.online.watch import WatchPlay
from wec.online import protocol as p
from wec.online.saves import OnlineSave

WindowMaker = Callable[[], Any]
"""Makes a new play window (MainWindow) for the online seat."""


class _CloseWatch(QObject):
    """Ends the seat's connection (and the server the app started) when its window closes."""

    def __init__(self, play: OnlinePlay, hosted: HostedServer | None) -> None:
        super().__init__(play.window)
        self.play, self.hosted = play, hosted
        self.also: list[Callable[[], None]] = []
        """More to stop with the window (an announcement on the local network)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.stop()
        return False

    def stop(self) -> None:
        for stop in self.also:
            stop()
        self.play.close()
        if self.hosted is not None:
            self.hosted.stop()


def start_seat(make_window: WindowMaker, url: str, *, first: p.Request | None = None,
               seat: SeatInfo | None = None, hosted: HostedServer | None = None,
               shared_url: str | None = None, persist: bool = True,
               save: OnlineSave | None = None, save_path: str | None = None,
               play_class: type[OnlinePlay] = OnlinePlay) -> OnlinePlay:
    """A new window playing the seat: `first` (create, join; watch with `WatchPlay`) or
    `seat` (resume; from `save`, whose last view is shown until the server answers)."""
    window = make_window()
    session = OnlineSession(url, first, seat, hosted=hosted is not None)
    session.setParent(window)
    play = play_class(window, session, persist=persist, shared_url=shared_url,
                      save_path=save_path)
    if save is not None and save.view is not None:
        play.show_saved_view(save.view)
    window.online_play = play  # kept alive with its window
    if hosted is not None:
        hosted.setParent(window)
    watch = _CloseWatch(play, hosted)
    window.installEventFilter(watch)
    play.stop = watch.stop  # type: ignore[attr-defined]
    play.close_watch = watch  # type: ignore[attr-defined]
    window.show()
    session.start()
    return play


def host_game(make_window: WindowMaker, name: str, side: str, *, scenario: str | None = None,
              grace: float = p.DEFAULT_GRACE, db: str | None = None, host: str = "0.0.0.0",
              persist: bool = True, announce: bool = False, setup: bool = False,
              on_started: Callable[[OnlinePlay], None] | None = None,
              on_failed: Callable[[str], None] | None = None,
              time_control: dict[str, float] | None = None) -> HostedServer:
    """Start a server in the app; once it listens, a window creates the game on it.
    `announce`: on the local network too, until the opponent joins (Discover); `setup`: the
    colours and the position agreed with the opponent first (`"setup": "negotiate"`);
    `time_control`: game clocks the server runs."""
    server = HostedServer(host, db)

    def ready(local: str, shared: str) -> None:
        play = start_seat(make_window, local, first=p.Create(name, side, {}, scenario, grace,
                                         "negotiate" if setup else "none", time_control),
                          hosted=server, shared_url=shared, persist=persist)
        if announce and discovery.available():
            announce_until_joined(play, name, server.port)
        if on_started is not None:
            on_started(play)
    server.ready.connect(ready)
    if on_failed is not None:
        server.failed.connect(on_failed)
    server.start()
    return server


def watch_game(make_window: WindowMaker, url: str, game: str) -> OnlinePlay:
    """A new window watching `game` as a spectator."""
    return start_seat(make_window, url, first=p.Watch(game), persist=False,
                      play_class=WatchPlay)


def resume_seat(make_window: WindowMaker, seat: SeatInfo, *, persist: bool = True,
                on_started: Callable[[OnlinePlay], None] | None = None,
                on_failed: Callable[[str], None] | None = None,
                save: OnlineSave | None = None, save_path: str | None = None
                ) -> HostedServer | None:
    """Reopen a saved seat (from its online save `save`, kept at `save_path`, when it has
    one); a game this app hosted gets its server started again, on the same port and file."""
    if not seat.hosted:
        play = start_seat(make_window, seat.url, seat=seat, persist=persist, save=save,
                          save_path=save_path)
        if on_started is not None:
            on_started(play)
        return None
    server = HostedServer(port=urlsplit(seat.url).port or 0)

    def ready(local: str, shared: str) -> None:
        play = start_seat(make_window, local, seat=seat, hosted=server, shared_url=shared,
                          persist=persist, save=save, save_path=save_path)
        if on_started is not None:
            on_started(play)
    server.ready.connect(ready)
    if on_failed is not None:
        server.failed.connect(on_failed)
    server.start()
    return server


def announce_until_joined(play: OnlinePlay, name: str, port: int) -> None:
    """Announce the hosted game on the local network once it has its code; withdraw the
    announcement when the second seat has joined or the window closes."""
    session = play.session
    held: list[discovery.Announcer] = []

    def announce(side: str) -> None:
        if not held and session.game_id is not None:
            held.append(discovery.Announcer(name, session.game_id, side, lan_address(), port))
            held[0].start()
            play.close_watch.also.append(held[0].stop)  # type: ignore[attr-defined]

    def setup(frame: dict[str, Any]) -> None:
        if (frame.get("presence") or {}).get("guest") == "connected":
            if held:
                held[0].stop()
        else:
            announce(str((frame.get("wishes") or {}).get("host", "random")))

    def state(frame: dict[str, Any]) -> None:
        if frame.get("started") and held:
            held[0].stop()
    session.seated.connect(lambda seat: announce(seat.side))
    session.setup.connect(setup)
    session.state.connect(state)
