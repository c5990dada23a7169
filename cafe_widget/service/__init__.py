"""The game service of a class on JupyterHub: one process, started by the hub, that holds the
class's tables (``python -m cafe_widget.service``).

Every student plays from their own server and kernel; the service holds the real games, decides
every move with the engine, and sends each seat only what its player may know (its own hand,
the café, the sizes, the log: :mod:`cafe_widget.engine.views`); the table's screen gets what
everyone may know. :mod:`.rooms` is the class's tables (pure Python, every accepted move written
to disk at once), :mod:`.app` puts them on the network behind the hub's identity.
"""
