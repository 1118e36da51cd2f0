"""Discover: games hosted on the local network, announced and found by mDNS / DNS-SD (the
`zeroconf` package, in the `online` extra; the manual's "Discover … PEERS").

The host announces a service of type `_wec._tcp.local.` while its game waits for the second
player: its port, and in its properties the game code, the host's side and name and the path
`/ws`. Anyone on the local network can then join that game, as anyone given the code could;
the announcement ends when the opponent has joined or the window closes. `Finder` lists the
announcements; zeroconf's own threads report them, and a Qt signal brings them to the GUI
thread.
"""
from __future__ import annotations

import socket
import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

SERVICE = "_wec._tcp.local."


def available() -> bool:
    """Whether the `zeroconf` package is installed."""
    try:
        import zeroconf  # noqa: F401  # the optional extra `online`
    except ImportError:
        return False
    return True


class Announcer:
    """The host's announcement of one game (registered and withdrawn off the GUI thread:
    zeroconf's probing takes a second or two)."""

    def __init__(self, name: str, game: str, side: str, address: str, port: int) -> None:
        from zeroconf import IPVersion, ServiceInfo, Zeroconf  # the optional extra `online`
        label = f"{name} ({side}) {game[:6]}"[:60]
        self.info = ServiceInfo(SERVICE, f"{label}.{SERVICE}",
                                addresses=[socket.inet_aton(address)], port=port,
                                properties={"game": game, "side": side, "name": name,
                                            "path": "/ws"})
        self.zc = Zeroconf(ip_version=IPVersion.V4Only)
        self.lock = threading.Lock()
        self.stopped = False

    def start(self) -> None:
        threading.Thread(target=self._register, daemon=True).start()

    def _register(self) -> None:
        with self.lock:
            if not self.stopped:
                self.zc.register_service(self.info, allow_name_change=True)

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        threading.Thread(target=self._withdraw, daemon=True).start()

    def _withdraw(self) -> None:
        with self.lock:
            try:
                self.zc.unregister_service(self.info)
            finally:
                self.zc.close()


def _text(props: dict[Any, Any], key: str) -> str:
    value = props.get(key.encode()) or b""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


class Finder(QObject):
    """Lists the announced games: `found(entry)` with the keys name, side, game, url and key
    (the service's name); `lost(key)`."""

    found = Signal(dict)
    lost = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.zc: Any = None
        self.browser: Any = None

    def start(self) -> None:
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf  # the optional extra `online`
        self.zc = Zeroconf(ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """On a zeroconf thread: read the service and hand it to the GUI thread."""
        if state_change.name == "Removed":
            self.lost.emit(name)
            return
        info = zeroconf.get_service_info(service_type, name, 3000)
        if info is None or not info.addresses:
            return
        props = info.properties or {}
        address = socket.inet_ntoa(info.addresses[0])
        self.found.emit({"key": name, "name": _text(props, "name"), "side": _text(props, "side"),
                         "game": _text(props, "game"),
                         "url": f"ws://{address}:{info.port}{_text(props, 'path') or '/ws'}"})

    def stop(self) -> None:
        if self.zc is not None:
            zc, self.zc = self.zc, None
            threading.Thread(target=zc.close, daemon=True).start()
