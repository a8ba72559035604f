"""`ygosim serve`: the duel in the browser (ygosim/web)."""
from __future__ import annotations

import click

from ..cards.errors import YgosimError

PER_ADDRESS = 48          # connections one address may hold open (pages, websockets)
HEADER_TIMEOUT = 10.0     # seconds a connection has to send a request's headers


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for "
                   "the local network too (another person's browser on the LAN).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free port).")
@click.option("--grace", default=120, show_default=True, type=click.IntRange(1, 86400),
              help="Seconds a room with nobody connected is kept, for people to reconnect.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="A name this server answers to besides its IP addresses and localhost "
                   "(e.g. the machine's name on the network); others are refused, so a page "
                   "of another site cannot reach it through its own name (DNS rebinding).")
@click.option("--bot-workers", type=click.IntRange(0, 256), default=None,
              help="Processes the bots think in (default: one per CPU, at a lower priority "
                   "than the server; 0: in the server's own threads).")
@click.option("--bot-rooms", type=click.IntRange(1, 10000), default=None,
              help="Rooms against the bot that play at once (default: 4 per bot worker); "
                   "more wait in a queue that says so.")
@click.option("--data", "data_dir", type=click.Path(file_okay=False), default=None,
              help="The server's folder: its rooms (rooms.sqlite3: a restarted server "
                   "resumes every duel) and the replays of failures (errors/). Default: "
                   "ygosim/web in your data folder.")
@click.option("--memory", is_flag=True,
              help="Keep the rooms in memory only (nothing written; a restart loses them).")
@click.option("--card-images", "card_images", metavar="DIR", envvar="YGOSIM_CARD_IMAGES",
              type=click.Path(file_okay=False),
              help="A folder of card pictures named by passcode, as EDOPro's pics folder "
                   "(DIR/46986414.jpg): the board shows them instead of the drawn card faces "
                   "(a card without one keeps its drawn face). Also $YGOSIM_CARD_IMAGES.")
def serve(host, port, grace, allow_hosts, bot_workers, bot_rooms, data_dir, memory,
          card_images):
    """Duel in the browser: start a web server and print its address."""
    try:
        import uvicorn
        from ..web.server import create_app
    except ImportError as e:          # pragma: no cover - the dependencies come with ygosim
        raise YgosimError(f"the web server needs its packages ({e.name}): "
                          "python3 -m pip install -e .") from None
    import socket
    from ..web.guard import guarded_protocol, raise_file_limit
    files = raise_file_limit()
    home = None
    if not memory:
        from pathlib import Path
        from ..web.store import default_path
        home = Path(data_dir) if data_dir else default_path().parent
        try:
            home.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise YgosimError(f"{home}: cannot make the server's folder ({e.strerror or e}); "
                              f"give another with --data DIR, or --memory") from None
    try:
        app = create_app(grace=float(grace), hosts=allow_hosts, bot_workers=bot_workers,
                         bot_rooms=bot_rooms, data_dir=home, card_images=card_images)
    except Exception as e:          # noqa: BLE001  (a store that cannot be opened)
        import sqlite3
        if not isinstance(e, (sqlite3.Error, OSError)):
            raise
        raise YgosimError(f"{home}: cannot open the rooms' file ({e}); give another folder "
                          f"with --data DIR, or --memory") from None
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        raise YgosimError(f"cannot listen on {host}:{port} ({e.strerror or e})") from None
    real_port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    click.echo(f"ygosim: open http://{shown}:{real_port}/ in your browser (Ctrl-C stops "
               f"the server)", err=False)
    if home is not None:
        click.echo(f"Rooms are kept in {home / 'rooms.sqlite3'}: a restarted server resumes "
                   f"them.")
    if host in ("0.0.0.0", "::"):
        click.echo("Listening on every address: people on your network open "
                   f"http://<this machine's address>:{real_port}/")
    config = uvicorn.Config(app, log_level="warning", ws_max_size=65536,
                            ws_ping_interval=20, ws_ping_timeout=30,
                            http=guarded_protocol(PER_ADDRESS, HEADER_TIMEOUT),
                            timeout_keep_alive=5, timeout_graceful_shutdown=10,
                            limit_concurrency=max(64, min(4000, files - 64)))
    from ..web.server import uvicorn_server
    server = uvicorn_server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:        # pragma: no cover
        pass
