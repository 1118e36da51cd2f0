"""Host: a `wec serve` started by the app in a `QProcess` (the GUI thread stays free), listening
on every interface of this machine on a free port; the address to give the friend names this
machine's address on the local network."""
from __future__ import annotations

import os
import re
import sys
from typing import Callable

from PySide6.QtCore import QObject, QProcess, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface

from wec.files.save import data_dir

URL_LINE = re.compile(r"(wss?)://([^:/\s]+):(\d+)/ws")


def lan_address() -> str:
    """This machine's first IPv4 address on a network (loopback when it has none)."""
    for address in QNetworkInterface.allAddresses():
        if address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and \
                not address.isLoopback():
            return str(address.toString())
    return QHostAddress(QHostAddress.SpecialAddress.LocalHost).toString()


class HostedServer(QObject):
    """A `wec serve` child process. `ready(local_url, shared_url)` once it listens,
    `failed(message)` if it could not start or stopped."""

    ready = Signal(str, str)
    failed = Signal(str)

    def __init__(self, host: str = "0.0.0.0", db: str | None = None, port: int = 0,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.wanted_port = port
        self.db = db or os.path.join(data_dir(), "online-hosted.sqlite3")
        self.port = 0
        self.output = ""
        self.proc = QProcess(self)
        self.proc.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        self.proc.readyReadStandardOutput.connect(self._read)
        self.proc.finished.connect(self._finished)
        self.on_stop: Callable[[], None] | None = None

    def start(self) -> None:
        os.makedirs(os.path.dirname(self.db) or ".", exist_ok=True)
        self.proc.start(sys.executable, ["-m", "wec.cli", "serve", "--host", self.host,
                                         "--port", str(self.wanted_port), "--db", self.db])

    def _read(self) -> None:
        self.output += bytes(self.proc.readAllStandardOutput().data()).decode("utf-8", "replace")
        match = URL_LINE.search(self.output)
        if match and not self.port:
            scheme, self.port = match.group(1), int(match.group(3))
            shared = lan_address() if self.host in ("0.0.0.0", "::") else self.host
            self.ready.emit(f"{scheme}://127.0.0.1:{self.port}/ws",
                            f"{scheme}://{shared}:{self.port}/ws")

    def _finished(self) -> None:
        if not self.port:
            self.failed.emit(self.output.strip()[-400:] or "the server did not start")

    def stop(self) -> None:
        """SIGTERM (the server closes its connections and stops), then kill if it lingers."""
        if self.proc.state() != QProcess.ProcessState.NotRunning:
            self.proc.terminate()
            if not self.proc.waitForFinished(3000):
                self.proc.kill()
                self.proc.waitForFinished(2000)
