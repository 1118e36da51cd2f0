"""The board editor's main window: board, palette, properties, scenario settings, problems.

Edits come from the board (clicks and drags interpreted with the palette's tool, and pieces or
articles dragged from the palette, placed as a click with their tool places them), the property
panel and the scenario panel; each is one undoable edit of the `EditorDocument`. The window keeps
"Play from here" disabled while the position has problems, saves and loads scenario files (the
position format of docs/FORMATS.md), and copies/pastes the position as JSON text. The board is
turned as the game's (the side the game draws at the bottom is at the bottom); View > Flip board
turns it over.
"""
from __future__ import annotations

import json
import os
from functools import partial
from typing import Any, Callable

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QMainWindow, QMessageBox, QScrollArea,
                               QToolBar, QVBoxLayout, QWidget)

from wec import Game, PositionError, WecError
from wec.rules import scenarios
from wec.game.jsonfile import parse_json_text, read_json_file

from wec.gui.drawing.board_geometry import bottom_of, flipped_for

from wec.gui.editor import model
from wec.gui.editor.canvas import BoardCanvas
from wec.gui.editor.document import EditorDocument
from wec.gui.editor.layout import KEY, Item
from wec.gui.editor.model import Position, PositionShapeError
from wec.gui.editor.palette import PaletteWidget, Tool
from wec.gui.editor.problems_panel import ProblemsPanel
from wec.gui.editor.properties import PropertyPanel
from wec.gui.editor.scenario_panel import ScenarioPanel

PlayCallback = Callable[[Position, str], Any]
PLAY_MODES = {"hotseat": "Hotseat (two players at this computer)",
              "human_vs_computer": "Human vs computer"}
"""Modes handed to `on_play` (the names of `wec.gui.play.settings.MODES`)."""
FILE_FILTER = "WEC positions (*.json *.wecpos);;All files (*)"


def read_position_file(path: str) -> Position:
    """A position from a scenario file (docs/FORMATS.md) or the final position of a save
    file; PositionShapeError or WecError when it cannot be shown."""
    try:  # only a regular file, at most 64 MB, sanely nested (wec.game.jsonfile)
        data = read_json_file(path, PositionError, "JSON file")
    except PositionError as e:
        raise PositionShapeError(str(e)) from None
    if isinstance(data, dict) and data.get("format") == "wec-save":
        data = Game.load(path).position()
    model.check_shape(data)
    return model.normalize(data)


def write_position_file(path: str, pos: Position) -> None:
    """Write a scenario file atomically (as docs/FORMATS.md asks of save files)."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(pos, f, indent=1, ensure_ascii=False)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class EditorWindow(QMainWindow):
    """The board editor: its own top-level window. `bottom` is the side the game draws at the
    bottom ("white" or "black"): the editor's board is turned the same way until View > Flip
    board."""

    def __init__(self, position: Position | None = None, *, on_play: PlayCallback | None = None,
                 game_position: Position | None = None, parent: QWidget | None = None,
                 bottom: str = "white") -> None:
        super().__init__(parent)
        self.game_bottom = bottom
        self.setObjectName("wec_editor")
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.on_play = on_play
        self.game_position = model.normalize(game_position) if game_position else None
        self.file_path: str | None = None
        self.play_windows: list[QWidget] = []
        """Game windows that Play opened (the launcher's `on_play` keeps them here)."""
        self.last_message = ""
        self.doc = EditorDocument(position, self)
        self.canvas = BoardCanvas()
        self.setCentralWidget(self.canvas)
        self.palette_widget = PaletteWidget()
        self.properties = PropertyPanel(self.doc)
        self.scenario = ScenarioPanel(self.doc)
        self.problems = ProblemsPanel()
        self._docks()
        self._menus()
        self.canvas.squareClicked.connect(self.on_square_clicked)
        self.canvas.itemDropped.connect(self.on_item_dropped)
        self.canvas.itemDroppedOff.connect(self.on_item_dropped_off)
        self.canvas.toolDropped.connect(self.on_tool_dropped)
        self.canvas.set_flipped(flipped_for(bottom))
        self.properties.selectionChanged.connect(self.canvas.set_selected)
        self.problems.problemActivated.connect(self._show_problem)
        self.doc.changed.connect(self.refresh)
        self.doc.undo_stack.cleanChanged.connect(self._clean_changed)
        self.resize(1500, 960)
        self.resizeDocks([self.problems_dock], [130], Qt.Orientation.Vertical)
        self.refresh()

    # --- construction ----------------------------------------------------------------------------

    def _docks(self) -> None:
        def dock(title: str, widget: QWidget, area: Qt.DockWidgetArea, name: str) -> QDockWidget:
            d = QDockWidget(title, self)
            d.setObjectName(name)
            d.setWidget(widget)
            d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                          | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
            self.addDockWidget(area, d)
            return d

        scroll = QScrollArea()
        scroll.setWidget(self.palette_widget)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(self.palette_widget.sizeHint().width() + 24)
        dock("Palette", scroll, Qt.DockWidgetArea.LeftDockWidgetArea, "palette")
        right = QWidget()
        col = QVBoxLayout(right)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.scenario)
        col.addWidget(self.properties, 1)
        rscroll = QScrollArea()
        rscroll.setWidget(right)
        rscroll.setWidgetResizable(True)
        rscroll.setMinimumWidth(430)
        rscroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        dock("Scenario and properties", rscroll, Qt.DockWidgetArea.RightDockWidgetArea,
             "properties")
        self.problems.setMinimumHeight(90)
        bottom = dock("Problems", self.problems, Qt.DockWidgetArea.BottomDockWidgetArea,
                      "problems")
        self.problems_dock = bottom

    def _action(self, text: str, slot: Callable[[], Any], shortcut: Any = None,
                name: str = "") -> QAction:
        a = QAction(text, self)
        a.triggered.connect(lambda _checked=False: slot())
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        self.actions_by_name[name or text] = a
        return a

    def _menus(self) -> None:
        self.actions_by_name: dict[str, QAction] = {}
        bar = self.menuBar()
        f = bar.addMenu("&File")
        f.addAction(self._action("&Clear (empty board)", self.clear_board, None, "clear"))
        f.addAction(self._action("&Standard set-up", self.standard_setup, None, "standard"))
        if self.game_position is not None:
            f.addAction(self._action("Current &game position", self.current_game_position, None,
                                     "game_position"))
        predefined = f.addMenu("&Predefined scenario")
        for name, text in scenarios.SCENARIOS.items():
            a = self._action(name.replace("_", " "), partial(self.start_from_scenario, name),
                             None, f"scenario_{name}")
            a.setToolTip(text)
            predefined.addAction(a)
        f.addSeparator()
        f.addAction(self._action("&Open scenario…", self.open_dialog, QKeySequence.StandardKey.Open,
                                 "open"))
        f.addAction(self._action("&Save scenario…", self.save_dialog, QKeySequence.StandardKey.Save,
                                 "save"))
        f.addSeparator()
        for mode, text in PLAY_MODES.items():
            f.addAction(self._action(f"Play from here: {text}", partial(self.play, mode), None,
                                     f"play_{mode}"))
        f.addSeparator()
        f.addAction(self._action("Close editor", self.close, QKeySequence.StandardKey.Close,
                                 "close"))
        e = bar.addMenu("&Edit")
        undo = self.doc.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        self.actions_by_name["undo"] = undo
        self.actions_by_name["redo"] = redo
        e.addAction(undo)
        e.addAction(redo)
        e.addSeparator()
        e.addAction(self._action("&Copy position (JSON)", self.copy_position,
                                 QKeySequence.StandardKey.Copy, "copy"))
        e.addAction(self._action("&Paste position (JSON)", self.paste_position,
                                 QKeySequence.StandardKey.Paste, "paste"))
        e.addAction(self._action("&Delete the chosen thing", self.delete_chosen,
                                 QKeySequence.StandardKey.Delete, "delete"))
        v = bar.addMenu("&View")
        flip = self._action("&Flip board", self._flip, "Ctrl+F", "flip")
        flip.setCheckable(True)
        flip.setToolTip("Turn the board over: the other side at the bottom (unticked, the "
                        "board is turned as the game's)")
        v.addAction(flip)
        simple = self._action("&Simple glyphs", self._toggle_detail, None, "simple")
        simple.setCheckable(True)
        v.addAction(simple)
        tools = QToolBar("Editor")
        tools.setObjectName("editor_toolbar")
        stack = self.doc.undo_stack
        for name, step, can in (("Undo", stack.undo, stack.canUndoChanged),
                                ("Redo", stack.redo, stack.canRedoChanged)):
            a = QAction(name, self)  # fixed texts: the menu's say what they undo
            a.triggered.connect(lambda _c=False, step=step: step())
            a.setEnabled(False)
            can.connect(a.setEnabled)
            tools.addAction(a)
        for name in ("clear", "standard", "open", "save", "copy", "paste"):
            tools.addAction(self.actions_by_name[name])
        tools.addSeparator()
        for mode in PLAY_MODES:
            a = self.actions_by_name[f"play_{mode}"]
            a.setIconText("▶ " + ("Play hotseat" if mode == "hotseat" else "Play vs computer"))
            tools.addAction(a)
        self.addToolBar(tools)

    def _flip(self) -> None:
        turned = self.actions_by_name["flip"].isChecked()
        self.canvas.set_flipped(flipped_for(self.game_bottom) != turned)
        self.say(f"{self.bottom().capitalize()} at the bottom.")

    def bottom(self) -> str:
        """The side drawn at the bottom of the board now."""
        return bottom_of(self.canvas.flipped)

    def _toggle_detail(self) -> None:
        self.canvas.detailed = not self.actions_by_name["simple"].isChecked()
        self.canvas.update()

    # --- state -----------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.doc.position

    def refresh(self) -> None:
        problems = self.doc.problems
        self.canvas.set_position(self.doc.position)
        self.canvas.set_marked({sq for p in problems for sq in p.squares})
        self.canvas.set_selected(self.properties.square, self.properties.item)
        self.problems.set_problems(problems)
        for mode in PLAY_MODES:
            a = self.actions_by_name[f"play_{mode}"]
            a.setEnabled(not problems)
            a.setToolTip("Start a game from this position" if not problems else
                         "Disabled: the position has problems (see the Problems panel)")
        self._title()

    def _clean_changed(self, _clean: bool) -> None:
        self._title()

    def _title(self) -> None:
        name = os.path.basename(self.file_path) if self.file_path else "untitled scenario"
        dirty = "" if self.doc.undo_stack.isClean() else " *"
        self.setWindowTitle(f"WEC Board Editor — {name}{dirty}")

    def say(self, text: str) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 8000)

    def _show_problem(self, squares: list[tuple[int, int]]) -> None:
        if squares:
            self.properties.select(tuple(squares[0]))  # type: ignore[arg-type]

    # --- board input -----------------------------------------------------------------------------

    def on_square_clicked(self, row: int, col: int, level: str, item: Item | None,
                          button: Any) -> None:
        tool = self.palette_widget.tool()
        square = (row, col)
        if button == Qt.MouseButton.RightButton or tool.kind == "eraser":
            if item is not None:
                self.remove_item(item)
            return
        if tool.kind == "pointer":
            self.properties.select(square, (item.kind, item.index) if item else None)
            return
        self.place(tool, square, level, item)

    def place(self, tool: Tool, square: model.Square, level: str, item: Item | None) -> None:
        """What a click with a piece, reserve or article tool does on `square` (the level band
        under the cursor, the thing hit): a piece goes to the band, or to the palette's fixed
        level; an article to the Ground, or to the piece hit when the palette says so."""
        doc = self.doc
        assert tool.code is not None
        code = tool.code
        if tool.kind == "piece":
            lvl = level if tool.level == "band" else tool.level
            piece = model.make_piece(code, tool.color, square, lvl, tool.hand)
            if doc.edit(f"Place {tool.color} {code}", lambda p: model.add_piece(p, piece)):
                self.properties.select(square, ("piece", len(doc.position["pieces"]) - 1))
        elif tool.kind == "reserve":
            doc.edit(f"Add {tool.color} reserve {code}",
                     lambda p: model.add_reserve(p, code, tool.color, square, tool.hand))
            self.properties.select(square, ("reserve", len(doc.position["reserves"]) - 1))
        elif tool.kind == "article":
            if tool.to_piece and item is not None and item.kind == "piece":
                i = item.index
                doc.edit(f"Give {code}", lambda p: model.give_article(p, i, code))
                self.properties.select(square, ("piece", i))
            else:
                doc.edit(f"Lay {code}", lambda p: model.add_article(p, code, square))
                self.properties.select(square, ("article",
                                                model.articles_at(doc.position, square)[-1]))

    def on_tool_dropped(self, kind: str, code: str, row: int, col: int, level: str,
                        item: Item | None) -> None:
        """A piece or an article dragged from the palette: placed as a click with its tool."""
        self.place(self.palette_widget.tool_for(kind, code), (row, col), level, item)

    def remove_item(self, item: Item) -> None:
        self.doc.edit(f"Remove {item.kind}",
                      lambda p: model.remove_entry(p, KEY[item.kind], item.index))
        self.properties.select(self.properties.square, None)

    def on_item_dropped(self, item: Item, row: int, col: int, level: str) -> None:
        square = (row, col)
        if item.kind == "piece":
            self.doc.edit("Move piece", lambda p: model.move_piece(p, item.index, square, level))
        else:
            self.doc.edit(f"Move {item.kind}",
                          lambda p: model.move_entry(p, KEY[item.kind], item.index, square))
        if item.kind == "article":  # board order: find it again
            self.properties.select(square, ("article",
                                            model.articles_at(self.doc.position, square)[-1]))
            return
        self.properties.select(square, (item.kind, item.index))

    def on_item_dropped_off(self, item: Item) -> None:
        self.remove_item(item)

    def delete_chosen(self) -> None:
        if self.properties.item is not None:
            kind, index = self.properties.item
            self.remove_item(Item(kind, index, self.canvas.rect().toRectF()))

    # --- whole positions -------------------------------------------------------------------------

    def clear_board(self) -> None:
        pos = self.doc.position
        self.doc.replace(model.empty_position(pos["options"], pos["to_move"]), "Clear the board")
        self.properties.select(None)

    def standard_setup(self) -> None:
        self.doc.replace(model.standard_position(self.doc.position["options"]),
                         "Standard set-up")
        self.properties.select(None)

    def current_game_position(self) -> None:
        if self.game_position is not None:
            self.doc.replace(self.game_position, "Current game position")
            self.properties.select(None)

    def start_from_scenario(self, name: str) -> None:
        self.doc.replace(scenarios.load(name), f"Scenario {name}")
        self.properties.select(None)

    def copy_position(self) -> None:
        QGuiApplication.clipboard().setText(json.dumps(self.doc.position, indent=1))
        self.say("The position is on the clipboard as JSON text.")

    def paste_position(self, text: str | None = None) -> bool:
        """Replace the position by the JSON text on the clipboard (or `text`)."""
        if text is None:
            text = QGuiApplication.clipboard().text()
        try:  # huge numbers or deep nesting are refused, not a crash (wec.game.jsonfile)
            data = parse_json_text(text, PositionError, "not JSON")
            model.check_shape(data)
        except (PositionError, PositionShapeError) as e:
            self.say(f"Nothing pasted: the clipboard does not hold a WEC position ({e}).")
            return False
        self.doc.replace(data, "Paste position")
        self.properties.select(None)
        self.say("Position pasted.")
        return True

    # --- files -----------------------------------------------------------------------------------

    def _folder(self) -> str:
        return str(QSettings("WEC", "wec-editor").value("folder", os.path.expanduser("~")))

    def load_file(self, path: str) -> bool:
        try:
            pos = read_position_file(path)
        except (PositionShapeError, WecError) as e:
            self.show_error("Cannot open the scenario", str(e))
            return False
        self.doc.replace(pos, f"Open {os.path.basename(path)}")
        self.doc.undo_stack.setClean()
        self.file_path = path
        self.properties.select(None)
        self.say(f"Opened {path}.")
        self._title()
        return True

    def save_to(self, path: str) -> bool:
        try:
            write_position_file(path, self.doc.position)
        except OSError as e:
            self.show_error("Cannot save the scenario", f"{path}: {e.strerror or e}")
            return False
        self.file_path = path
        self.doc.undo_stack.setClean()
        QSettings("WEC", "wec-editor").setValue("folder", os.path.dirname(os.path.abspath(path)))
        self.say(f"Saved {path}" + ("" if self.doc.is_legal() else
                                    " (it still has problems: it cannot be played yet)."))
        self._title()
        return True

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", self._folder(), FILE_FILTER)
        if path:
            self.load_file(path)

    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario",
                                              self.file_path or self._folder(), FILE_FILTER)
        if path:
            if not os.path.splitext(path)[1]:
                path += ".json"
            self.save_to(path)

    def show_error(self, title: str, message: str) -> None:
        self.say(f"{title}: {message}")
        if QGuiApplication.platformName() != "offscreen":
            QMessageBox.warning(self, title, message)

    # --- play ------------------------------------------------------------------------------------

    def play(self, mode: str = "hotseat") -> bool:
        """Play from here: hand the position to `on_play` (the launcher, wec/gui/launcher.py,
        gives one that plays it in the game window); False when it could not be played."""
        if not self.doc.is_legal():
            self.say("The position has problems: fix them before playing from here.")
            return False
        if self.on_play is None:
            self.show_error("Cannot play", "The game window is not available here.")
            return False
        return self.on_play(self.doc.copy(), mode) is not False

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
