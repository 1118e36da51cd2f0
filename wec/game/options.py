"""Game options (docs/RULES.md R13, docs/FORMATS.md "Options")."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from wec.game.errors import OptionsError, shown

MOVEMENTS = ("weapon_chess", "standard_chess", "mass_destruction")
MD_PAWNS = ("sides_and_forward", "forward", "all_but_front")
GOVERNMENTS = ("monarchy", "dictatorship", "theocracy", "democracy")
DOMINANCE = ("submersion", "stealth")


def _doc(text: str) -> Any:
    return field(metadata={"doc": text})


@dataclass(frozen=True, kw_only=True)
class Options:
    """Every option of docs/RULES.md R13, with the standard values as defaults.

    Keyword-only and validated: ``Options(movement="standard_chess", stun_turns=2)``.
    """

    movement: str = "weapon_chess"
    """Movement type (R4): "weapon_chess", "standard_chess" or "mass_destruction"."""
    md_pawns: str = "sides_and_forward"
    """Mass Destruction pawn pattern (R4.3): "sides_and_forward", "forward", "all_but_front"."""
    jet_sub_combat: bool = False
    """JE and SU moves capture (R4.9, R4.10): Standard Chess, or Mass Destruction with movement only."""
    government_black: str = "monarchy"
    """Black's government (R2.1): "monarchy", "dictatorship", "theocracy", "democracy"."""
    government_white: str = "monarchy"
    """White's government (R2.1)."""
    tank_range: int = 7
    """Tank range (R4.5)."""
    cleric_range: int = 7
    """Cleric range (R4.6)."""
    queen_tank_range: int = 7
    """Range of the secondary government piece's tank paths (R4.7)."""
    queen_cleric_range: int = 7
    """Range of the secondary government piece's cleric paths (R4.7)."""
    flame_range: int = 2
    """Flame range (R7.1)."""
    stunner_range: int = 9
    """Stunner range (R7.3)."""
    stun_turns: int = 3
    """Stun count given by a stun (R7.3.1)."""
    stunner_rate: int = 2
    """Stunner rate of fire in owner turns (R7.2)."""
    flame_rate: int = 4
    """Flame rate of fire (R7.2)."""
    conversion_rate: int = 4
    """Conversion rate of fire (R7.2)."""
    projectile_rate: int = 4
    """Rocket, SAM, Torpedo and jet/sub rocket rate of fire (R7.2); sets all of them unless
    `rocket_rate`, `sam_rate` or `torpedo_rate` says otherwise."""
    rocket_rate: int = 0
    """Rocket Launcher (and jet/sub rocket) rate of fire (R7.2, manual M161-163); 0 = the
    projectile rate."""
    sam_rate: int = 0
    """SAM Launcher rate of fire (R7.2); 0 = the projectile rate."""
    torpedo_rate: int = 0
    """Torpedo Launcher rate of fire (R7.2); 0 = the projectile rate."""
    homing_range: int = 3
    """Range within which a SAM/Torpedo may home on a target (R7.6)."""
    jet_rocket_range: int = 0
    """Range of the jet and sub rocket (R7.9)."""
    invisible_pieces: bool = True
    """Stealthy and submerged pieces are hidden (R10.0)."""
    lock_on: bool = True
    """Anti-Stealth locks on (R10.2)."""
    range_detection: bool = False
    """Stealthy enemies near an Anti-Stealth are visible (R10.3)."""
    stealth_detect_range: int = 3
    """Range of range detection (R10.3)."""
    sonar_range: int = 3
    """Sonar range of torpedo launchers (R10.4)."""
    dominance: str = "submersion"
    """Which of stealth and submersion dominates (R10.4): "submersion" or "stealth"."""
    stealthy_primary: bool = False
    """A primary government piece may hold Stealth (R8.1)."""
    primary_may_fly: bool = True
    """A primary government piece may be carried into Air or Sub (R3.4)."""
    one_action_per_piece: bool = False
    """Each piece takes part in one action per turn (R6.3)."""
    movement_only: bool = False
    """No Fire, Pickup, Drop, Exchange or Reinforce (R6.3)."""
    doze_enemies: bool = True
    """Enemy pieces may be dozed (R4.11)."""
    transport_from_carrier: bool = False
    """A passenger of a CH/SU may fire a transport article (R9.1)."""
    quiet_turn_draw: int = 0
    """Draw after this many turns in a row without capture, destruction or conversion; 0 = off (R11.3)."""
    reveal_on_fire: bool = True
    """A hidden piece that fires is revealed until the end of the opponent's next turn (R7.10,
    R10.5; a pre-game option in the manual, M495-497)."""
    competitive: bool = False
    """Competitive mode (R12.3): no undo, no rule changes, histories as each side may read them."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionsError(f"option {f.name}: expected true or false, got {shown(value)}")
            if f.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionsError(f"option {f.name}: expected an integer, got {shown(value)}")
            if f.type == "str" and not isinstance(value, str):
                raise OptionsError(f"option {f.name}: expected a string, got {shown(value)}")
        choices = {"movement": MOVEMENTS, "md_pawns": MD_PAWNS, "government_black": GOVERNMENTS,
                   "government_white": GOVERNMENTS, "dominance": DOMINANCE}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise OptionsError(f"option {name}: {shown(getattr(self, name))} is not one of "
                                   f"{', '.join(allowed)}")
        limits = {"tank_range": (1, 9), "cleric_range": (1, 9), "queen_tank_range": (1, 9),
                  "queen_cleric_range": (1, 9), "flame_range": (1, 9), "stunner_range": (1, 9),
                  "stun_turns": (1, 255), "stunner_rate": (1, 99), "flame_rate": (1, 99),
                  "conversion_rate": (1, 99), "projectile_rate": (1, 99), "homing_range": (0, 9),
                  "jet_rocket_range": (0, 9), "stealth_detect_range": (0, 9),
                  "sonar_range": (0, 9), "quiet_turn_draw": (0, 10000), "rocket_rate": (0, 99),
                  "sam_rate": (0, 99), "torpedo_rate": (0, 99)}
        for name, (lo, hi) in limits.items():
            if not lo <= getattr(self, name) <= hi:
                raise OptionsError(f"option {name}: {shown(getattr(self, name))} is outside "
                                   f"{lo}..{hi}")
        if self.jet_sub_combat and not (
                self.movement == "standard_chess"
                or (self.movement == "mass_destruction" and self.movement_only)):
            raise OptionsError("option jet_sub_combat: only with standard_chess movement, or "
                               "mass_destruction with movement_only (R4.9)")

    def projectile_rates(self) -> tuple[int, int, int]:
        """The rates of fire of the Rocket, SAM and Torpedo Launchers (R7.2): each its own
        option when set (not 0), else the projectile rate."""
        rl, sl, tl = (rate or self.projectile_rate
                      for rate in (self.rocket_rate, self.sam_rate, self.torpedo_rate))
        return rl, sl, tl

    def changes(self) -> dict[str, Any]:
        """The options that differ from the standard (the position's "options" entry)."""
        made: dict[str, Any] | None = self.__dict__.get("_changes")
        if made is None:  # found once: the options are frozen (every position written asks)
            default = Options()
            made = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                    if getattr(self, f.name) != getattr(default, f.name)}
            object.__setattr__(self, "_changes", made)
        return dict(made)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Options":
        """Options from a mapping of changed values; unknown names raise OptionsError."""
        if not isinstance(data, Mapping):
            raise OptionsError(f"options: expected an object, got {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in names:
                raise OptionsError(f"unknown option {shown(key)}")
        return cls(**dict(data))
