# The Python face of views.pyx.
from wec._core.engine import Engine
from wec._core.records import ActionRecord

class PieceWatch:
    def changed(self, engine: Engine) -> list[int]: ...

def text_keys(engine: Engine, raws: list[ActionRecord]) -> list[bytes]: ...
def known_texts(engine: Engine, raws: list[ActionRecord], known: dict[bytes, str]
                ) -> tuple[list[str | None], list[tuple[int, bytes]]]: ...
