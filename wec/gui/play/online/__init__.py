"""Play > Online: a seat of a game held by a `wec serve` server (docs/PROTOCOL.md), played in a
window of its own that shows only the seat's observation (docs/GUI.md, "Playing online")."""
