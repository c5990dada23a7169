"""Class tables, one game several people play.

- :mod:`.local`: ``Table``, one game in one kernel (the projector, a hot seat): its link is
  the Local transport (the engine plays each move here).
- :mod:`.transport`: ``SeatLink``, a seat's transport to the class's game service (a POST a
  move, a WebSocket of the others' moves).
- :mod:`.seat`: the seat widgets (``CardSeat``, ``BoardSeat``) and their front door,
  ``cafe_widget.join("3B")`` and ``cafe_widget.screen("3B")``.
- :mod:`.teacher`: the teacher's calls (open, list, pause, give a seat, save, close), and
  :mod:`.cli` the same from a terminal; :mod:`.listing` shows the list of tables.
"""
