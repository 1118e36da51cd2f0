"""Online play: the authoritative game server (`wec serve`), its protocol and a headless client
(`wec online`); docs/PROTOCOL.md. `protocol` is plain data (no network); `store` the SQLite
file; `rooms` the games in memory and what each connection may be sent; `server` and `client`
the aiohttp sides (the optional extra `online`)."""
