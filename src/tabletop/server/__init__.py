"""The server: pages, JSON API, WebSockets, the table service, bots in seats and the hub.

`create_app(settings)` builds the ASGI app; `tabletop serve` runs it. The layers below
(engine, bots, store, and the registry `tabletop.games`) are used through their public
names only: nothing here knows a game by name.
"""
