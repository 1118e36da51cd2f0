"""The side panel of the selected square: what is on it, and the properties of the chosen thing.

Per piece: type, side, level, hand, carried articles (no more than its slots, R5.1) with their
count-downs, stun count (R7.3), the inherent weapons' count-downs (R7.2) and the pawn home flag
(R4.3). Per square: the articles lying on the Ground (at most 2, R3.3), reserves (R8.4) and
projectiles in flight (R7.6). Every change is one undoable edit of the document.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QHBoxLayout,
                               QLabel,
                               QListWidget, QListWidgetItem, QPushButton, QSpinBox,
                               QStackedWidget, QVBoxLayout, QWidget)

from wec import rules

from wec.gui.editor import model
from wec.gui.editor.document import EditorDocument
from wec.gui.editor.model import Position, Square

LEVEL_NAMES = {"G": "Ground", "A": "Air", "S": "Sub"}
DIRECTIONS = {(1, 0): "towards row 10", (-1, 0): "towards row 1", (0, 1): "towards column 10",
              (0, -1): "towards column 1", (1, 1): "row+ col+", (1, -1): "row+ col-",
              (-1, 1): "row- col+", (-1, -1): "row- col-"}
KEY_OF = {"piece": "pieces", "article": "articles", "reserve": "reserves",
          "projectile": "projectiles"}


def _combo(items: list[tuple[Any, str]]) -> QComboBox:
    c = QComboBox()
    c.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    c.setMinimumContentsLength(4)
    for data, text in items:
        c.addItem(text, data)
    return c


def _set_combo(combo: QComboBox, data: Any) -> None:
    combo.blockSignals(True)
    i = combo.findData(data)
    combo.setCurrentIndex(i if i >= 0 else 0)
    combo.blockSignals(False)


def _set_spin(spin: QSpinBox, value: int) -> None:
    spin.blockSignals(True)
    spin.setValue(int(value))
    spin.blockSignals(False)


def _set_check(box: QCheckBox, value: bool) -> None:
    box.blockSignals(True)
    box.setChecked(bool(value))
    box.blockSignals(False)


def _spin(lo: int, hi: int) -> QSpinBox:
    s = QSpinBox()
    s.setRange(lo, hi)
    return s


class PieceEditor(QWidget):
    """The properties of one piece."""

    def __init__(self, panel: "PropertyPanel") -> None:
        super().__init__()
        self.panel = panel
        self.index = -1
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 4, 0, 0)
        self.type = _combo([(t.code, f"{t.code} {t.name}") for t in rules.PIECE_TYPES])
        self.color = _combo([(c, c.capitalize()) for c in rules.COLORS])
        self.level = _combo([(lv, LEVEL_NAMES[lv]) for lv in rules.LEVELS])
        self.hand = _combo([(None, "—"), ("left", "left <"), ("right", "right >")])
        self.stun = _spin(0, 255)
        self.stun.setToolTip("Owner turns it stays stunned (R7.3); 0 = not stunned")
        self.home = QCheckBox("pawn home (R4.3)")
        self.home.setToolTip("The pawn may still double-step")
        for r, pairs in enumerate(((("Type", self.type), ("Side", self.color)),
                                   (("Level", self.level), ("Hand", self.hand)),
                                   (("Stun", self.stun), ("", self.home)))):
            for c, (label, w) in enumerate(pairs):
                if label:
                    grid.addWidget(QLabel(label), r, 2 * c)
                grid.addWidget(w, r, 2 * c + 1, 1, 1 if label else 1)
        self.cool_row = QHBoxLayout()
        self.cool_label = QLabel("Count-downs (R7.2):")
        self.cool_label.setToolTip("Turns before each inherent weapon fires again")
        self.cool_row.addWidget(self.cool_label)
        self.cool_row.addStretch(1)
        self.cool_spins: dict[str, QSpinBox] = {}
        grid.addLayout(self.cool_row, 3, 0, 1, 4)
        self.slots = QLabel()
        grid.addWidget(self.slots, 4, 0, 1, 4)
        self.carried = QListWidget()
        self.carried.setMaximumHeight(58)
        grid.addWidget(self.carried, 5, 0, 1, 4)
        row = QHBoxLayout()
        self.give_code = _combo([(a, a) for a in rules.ARTICLES])
        self.give = QPushButton("Give")
        self.take = QPushButton("Take")
        self.take.setToolTip("Take the selected carried article away")
        self.carried_cool = _spin(0, 99)
        self.carried_cool.setToolTip("Count-down of the selected carried article (R7.2)")
        row.addWidget(self.give_code)
        row.addWidget(self.give)
        row.addWidget(self.take)
        row.addWidget(QLabel("count-down"))
        row.addWidget(self.carried_cool)
        grid.addLayout(row, 6, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)

        self.type.currentIndexChanged.connect(
            lambda: self._edit("Change type", lambda p: model.change_type(
                p, self.index, self.type.currentData())))
        self.color.currentIndexChanged.connect(lambda: self._set("color", self.color))
        self.level.currentIndexChanged.connect(lambda: self._set("level", self.level))
        self.hand.currentIndexChanged.connect(lambda: self._set("hand", self.hand))
        self.stun.valueChanged.connect(
            lambda v: self._edit("Set stun", lambda p: model.update_piece(p, self.index, stun=v),
                                 "stun"))
        self.home.toggled.connect(
            lambda v: self._edit("Set home flag",
                                 lambda p: model.update_piece(p, self.index, home=v)))
        self.give.clicked.connect(self._give)
        self.take.clicked.connect(self._take)
        self.carried.currentRowChanged.connect(lambda _r: self._show_carried_cool())
        self.carried_cool.valueChanged.connect(self._set_carried_cool)

    def _edit(self, text: str, change: Callable[[Position], Position],
              merge: str | None = None) -> None:
        if self.index >= 0:
            self.panel.doc.edit(text, change, f"piece{self.index}.{merge}" if merge else None)

    def _set(self, field: str, combo: QComboBox) -> None:
        value = combo.currentData()
        self._edit(f"Set {field}", lambda p: model.update_piece(p, self.index, **{field: value}))

    def _give(self) -> None:
        code = self.give_code.currentData()
        self._edit(f"Give {code}", lambda p: model.give_article(p, self.index, code))

    def _take(self) -> None:
        slot = self.carried.currentRow()
        if slot < 0:
            slot = self.carried.count() - 1
        if slot >= 0:
            self._edit("Take article away", lambda p: model.take_article(p, self.index, slot))

    def _show_carried_cool(self) -> None:
        p = self.panel.doc.position["pieces"][self.index]
        slot = self.carried.currentRow()
        cools = p.get("article_cooldowns", [])
        self.carried_cool.setEnabled(0 <= slot < len(cools))
        _set_spin(self.carried_cool, cools[slot] if 0 <= slot < len(cools) else 0)

    def _set_carried_cool(self, value: int) -> None:
        slot = self.carried.currentRow()
        p = self.panel.doc.position["pieces"][self.index]
        if not 0 <= slot < len(p.get("articles", [])):
            return
        cools = list(p.get("article_cooldowns", [0] * len(p["articles"])))
        cools[slot] = value
        self._edit("Set count-down", lambda q: model.update_piece(
            q, self.index, article_cooldowns=cools), f"acool{slot}")

    def _set_cooldown(self, weapon: str, value: int) -> None:
        p = self.panel.doc.position["pieces"][self.index]
        cools = dict(p.get("cooldowns") or {})
        if value:
            cools[weapon] = value
        else:
            cools.pop(weapon, None)
        self._edit("Set count-down", lambda q: model.update_piece(q, self.index, cooldowns=cools),
                   f"cool.{weapon}")

    def show_piece(self, index: int) -> None:
        self.index = index
        p = self.panel.doc.position["pieces"][index]
        ptype = model.piece_type(p["type"])
        _set_combo(self.type, p["type"])
        _set_combo(self.color, p["color"])
        _set_combo(self.level, p["level"])
        _set_combo(self.hand, p.get("hand"))
        self.hand.setEnabled(ptype.handed)
        _set_spin(self.stun, p.get("stun", 0))
        _set_check(self.home, p.get("home", False))
        self.home.setEnabled(model.is_pawn(p["type"]))
        weapons = model.weapons_of(p)
        if tuple(self.cool_spins) != weapons:
            while self.cool_row.count() > 2:  # keep the label and the stretch
                item = self.cool_row.takeAt(1)
                old = item.widget() if item is not None else None
                if old is not None:
                    old.deleteLater()
            self.cool_spins = {}
            for k, w in enumerate(weapons):
                spin = _spin(0, 99)
                spin.setPrefix(f"{w} ")
                spin.setToolTip(f"Turns before the inherent {w} fires again (R7.2)")
                spin.valueChanged.connect(lambda v, w=w: self._set_cooldown(w, v))
                self.cool_row.insertWidget(1 + k, spin)
                spin.show()
                self.cool_spins[w] = spin
        self.cool_label.setText("Count-downs (R7.2):" if weapons else "No inherent weapon.")
        for w, spin in self.cool_spins.items():
            _set_spin(spin, (p.get("cooldowns") or {}).get(w, 0))
        arts = p.get("articles", [])
        cools = p.get("article_cooldowns", [])
        row = self.carried.currentRow()
        self.carried.blockSignals(True)
        self.carried.clear()
        for k, a in enumerate(arts):
            n = cools[k] if k < len(cools) else 0
            self.carried.addItem(a + (f"  (count-down {n})" if n else ""))
        self.carried.setCurrentRow(min(row, len(arts) - 1) if row >= 0 else len(arts) - 1)
        self.carried.blockSignals(False)
        self._show_carried_cool()
        slots = model.slots_of(p)
        self.slots.setText(f"Carried articles: {len(arts)} of {slots} slots (R5.1)")
        self.give.setEnabled(len(arts) < slots)
        self.give.setToolTip("" if len(arts) < slots else "No free slot (R5.1)")
        self.take.setEnabled(bool(arts))


class EntryEditor(QWidget):
    """The properties of a ground article, a reserve or a projectile."""

    def __init__(self, panel: "PropertyPanel", kind: str) -> None:
        super().__init__()
        self.panel = panel
        self.kind = kind
        self.key = KEY_OF[kind]
        self.index = -1
        form = QFormLayout(self)
        self.fields: dict[str, QWidget] = {}
        if kind == "article":
            self._add(form, "type", "Article", _combo([(a, a) for a in rules.ARTICLES]))
            self._add(form, "cooldown", "Count-down", _spin(0, 99))
        elif kind == "reserve":
            self._add(form, "type", "Type", _combo([(t.code, f"{t.code} {t.name}")
                                                    for t in rules.PIECE_TYPES]))
            self._add(form, "color", "Side", _combo([(c, c.capitalize()) for c in rules.COLORS]))
            self._add(form, "hand", "Hand", _combo([(None, "none"), ("left", "left <"),
                                                    ("right", "right >")]))
            self._add(form, "armed", "Armed (R8.4)", QCheckBox())
        else:
            self._add(form, "type", "Kind", _combo([("RL", "RL Rocket"), ("SL", "SL SAM"),
                                                    ("TL", "TL Torpedo")]))
            self._add(form, "direction", "Heading", _combo([(f"{d[0]},{d[1]}", f"({d[0]:+d}, {d[1]:+d}) {t}")
                                                            for d, t in DIRECTIONS.items()]))
            self._add(form, "strength", "Strength", _spin(1, 99))
            self._add(form, "owner", "Owner", _combo([(c, c.capitalize()) for c in rules.COLORS]))
            self._add(form, "target", "Homing on", QComboBox())

    def _add(self, form: QFormLayout, field: str, label: str, widget: QWidget) -> None:
        form.addRow(label, widget)
        self.fields[field] = widget
        if isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(lambda _i, f=field: self._changed(f))
        elif isinstance(widget, QSpinBox):
            widget.valueChanged.connect(lambda _v, f=field: self._changed(f))
        elif isinstance(widget, QCheckBox):
            widget.toggled.connect(lambda _v, f=field: self._changed(f))

    def _value(self, field: str) -> Any:
        w = self.fields[field]
        if isinstance(w, QComboBox):
            if field == "direction":
                return [int(v) for v in str(w.currentData()).split(",")]
            return w.currentData()
        if isinstance(w, QSpinBox):
            return w.value() if (w.value() or field != "cooldown") else None
        assert isinstance(w, QCheckBox)
        return w.isChecked()

    def _changed(self, field: str) -> None:
        if self.index < 0:
            return
        value = self._value(field)
        changes: dict[str, Any] = {field: value}
        if self.kind == "projectile" and field == "type":
            changes["level"] = model.PROJECTILE_LEVEL[value]
        merge = f"{self.key}{self.index}.{field}" if isinstance(self.fields[field], QSpinBox) \
            else None
        self.panel.doc.edit(f"Set {field}", lambda p: model.set_entry(p, self.key, self.index,
                                                                      **changes), merge)

    def show_entry(self, index: int) -> None:
        self.index = index
        e = self.panel.doc.position[self.key][index]
        if self.kind == "projectile":
            target = self.fields["target"]
            assert isinstance(target, QComboBox)
            target.blockSignals(True)
            target.clear()
            target.addItem("nothing (flies straight)", None)
            for i, p in enumerate(self.panel.doc.position["pieces"]):
                if p["color"] != e.get("owner"):
                    target.addItem(f"#{i} {p['color']} {p['type']} at ({p['square'][0]}, "
                                   f"{p['square'][1]}) {p['level']}", i)
            target.blockSignals(False)
        for field, w in self.fields.items():
            value = e.get(field)
            if isinstance(w, QComboBox):
                if field == "direction" and isinstance(value, (list, tuple)):
                    value = f"{value[0]},{value[1]}"
                _set_combo(w, value)
            elif isinstance(w, QSpinBox):
                _set_spin(w, value or (1 if field == "strength" else 0))
            elif isinstance(w, QCheckBox):
                _set_check(w, bool(value))


class PropertyPanel(QWidget):
    """Everything on the selected square, and the editor of the chosen thing."""

    selectionChanged = Signal(object, object)
    """square (or None), (kind, index) of the chosen thing (or None)."""

    def __init__(self, doc: EditorDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.square: Square | None = None
        self.item: tuple[str, int] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.title)
        self.here = QListWidget()
        self.here.setMaximumHeight(96)
        layout.addWidget(self.here)
        self.remove = QPushButton("Remove")
        layout.addWidget(self.remove)
        row = QHBoxLayout()
        self.lay_code = _combo([(a, a) for a in rules.ARTICLES])
        self.lay = QPushButton("Lay on the Ground")
        self.lay.setToolTip("At most 2 articles lie on a square's Ground (R3.3)")
        row.addWidget(self.lay_code)
        row.addWidget(self.lay)
        layout.addLayout(row)
        row = QHBoxLayout()
        self.proj_kind = _combo([("RL", "RL"), ("SL", "SL"), ("TL", "TL")])
        self.proj_owner = _combo([(c, c.capitalize()) for c in rules.COLORS])
        self.launch = QPushButton("Add projectile")
        row.addWidget(self.proj_kind)
        row.addWidget(self.proj_owner)
        row.addWidget(self.launch)
        layout.addLayout(row)
        self.stack = QStackedWidget()
        self.blank = QLabel("")
        self.piece_editor = PieceEditor(self)
        self.editors = {"article": EntryEditor(self, "article"),
                        "reserve": EntryEditor(self, "reserve"),
                        "projectile": EntryEditor(self, "projectile")}
        self.stack.addWidget(self.blank)
        self.stack.addWidget(self.piece_editor)
        for w in self.editors.values():
            self.stack.addWidget(w)
        layout.addWidget(self.stack)
        layout.addStretch(1)
        self.here.currentRowChanged.connect(self._picked)
        self.remove.clicked.connect(self._remove)
        self.lay.clicked.connect(self._lay)
        self.launch.clicked.connect(self._launch)
        doc.changed.connect(self.refresh)
        self.refresh()

    def select(self, square: Square | None, item: tuple[str, int] | None = None) -> None:
        self.square = square
        self.item = item
        self.refresh()
        self.selectionChanged.emit(self.square, self.item)

    def _entries(self) -> list[tuple[str, int, str]]:
        pos = self.doc.position
        sq = self.square
        if sq is None:
            return []
        out = []
        for level in ("A", "G", "S"):
            for i in model.pieces_at(pos, sq, level):
                out.append(("piece", i, model.describe_piece(pos["pieces"][i])))
        for i in model.articles_at(pos, sq):
            a = pos["articles"][i]
            out.append(("article", i, f"Article {a['type']} on the Ground"))
        for i in model.reserves_at(pos, sq):
            r = pos["reserves"][i]
            hand = f" {r['hand']}" if r.get("hand") else ""
            out.append(("reserve", i, f"Reserve: {r['color']} {r['type']}{hand}"
                        + (", armed" if r.get("armed") else "")))
        for i in model.projectiles_at(pos, sq):
            pr = pos["projectiles"][i]
            out.append(("projectile", i, f"Projectile {pr['type']} of {pr.get('owner')}, "
                                         f"strength {pr.get('strength')}"))
        return out

    def refresh(self) -> None:
        pos = self.doc.position
        if self.item is not None:
            kind, i = self.item
            entries = pos[KEY_OF[kind]]
            if i >= len(entries) or self.square is None \
                    or tuple(entries[i]["square"]) != tuple(self.square):
                self.item = None
        sq = self.square
        self.title.setText(f"Square ({sq[0]}, {sq[1]})" if sq else
                           "No square chosen: click one with the pointer")
        entries = self._entries()
        self.here.blockSignals(True)
        self.here.clear()
        for kind, i, text in entries:
            it = QListWidgetItem(text)
            it.setData(Qt.ItemDataRole.UserRole, (kind, i))
            self.here.addItem(it)
            if self.item == (kind, i):
                self.here.setCurrentItem(it)
        self.here.blockSignals(False)
        on_square = sq is not None
        self.here.setEnabled(on_square)
        self.remove.setEnabled(self.item is not None)
        n_ground = len(model.articles_at(pos, sq)) if sq else 0
        self.lay.setEnabled(on_square and n_ground < rules.MAX_GROUND_ARTICLES)
        self.launch.setEnabled(on_square)
        if self.item is None:
            self.stack.setCurrentWidget(self.blank)
        elif self.item[0] == "piece":
            self.piece_editor.show_piece(self.item[1])
            self.stack.setCurrentWidget(self.piece_editor)
        else:
            editor = self.editors[self.item[0]]
            editor.show_entry(self.item[1])
            self.stack.setCurrentWidget(editor)

    def _picked(self, row: int) -> None:
        it = self.here.item(row)
        self.select(self.square, it.data(Qt.ItemDataRole.UserRole) if it else None)

    def _remove(self) -> None:
        if self.item is None:
            return
        kind, i = self.item
        self.item = None
        self.doc.edit(f"Remove {kind}", lambda p: model.remove_entry(p, KEY_OF[kind], i))
        self.selectionChanged.emit(self.square, None)

    def _lay(self) -> None:
        sq = self.square
        code = self.lay_code.currentData()
        if sq is not None:
            self.doc.edit(f"Lay {code}", lambda p: model.add_article(p, code, sq))

    def _launch(self) -> None:
        sq = self.square
        if sq is not None:
            kind, owner = self.proj_kind.currentData(), self.proj_owner.currentData()
            self.doc.edit(f"Add {kind} projectile",
                          lambda p: model.add_projectile(p, kind, sq, owner))
