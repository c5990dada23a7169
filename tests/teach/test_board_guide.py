"""The guided first board game: each of the first four actions says what to look
for and is checked by the engine's exact best action; a weaker one is refused with the reason
and changes nothing; then the game goes on."""

from cafe_widget import BoardWidget
from cafe_widget.teach.board_guide import BoardGuide, GUIDE_SEED, guided_board_game, hint_key


def _best_then(w) -> str:
    best = w.game.best_action()
    return best.text if best.kind != "seat" else best.text + "; end"


def test_the_four_steps_teach_a_pair_the_bar_a_shared_chair_and_a_joker():
    w = BoardWidget.guided()
    assert w.game.format() == guided_board_game(GUIDE_SEED).format() and w.state.kinds == ("human", "greedy")
    assert "Step 1 of 4 · The board is empty." in w.status and "seat two at one table" in w.status
    kinds = []
    for step in range(1, 5):
        best = w.game.best_action()
        kinds.append(hint_key(best))
        w.command(_best_then(w))
        assert f"Step {step} done: +{best.points}." in w.status, w.status
    assert kinds[1:] == ["why_bar", "why_shared", "why_joker"]
    assert "The guided part is over" in w.status and w.state.guide.over


def test_a_weaker_action_is_refused_with_the_reason_and_nothing_changes():
    w = BoardWidget.guided()
    w.command(_best_then(w))
    w.command(_best_then(w))
    assert "Step 3 of 4 · Find the best action: it scores 6. A chair between two tables" in w.status
    before, log = w.game.format(), len(w.game.log)
    tile = w.game.hand()[0]
    w.command(f"bar {tile}")                                   # the bar's second place: +2
    assert w.status == "Not yet: this action makes 2, and the best makes 6. Undo takes a tile back; " \
                       "Hint shows the best action."
    assert w.game.format() == before and len(w.game.log) == log and w.state.guide.step == 3
    w.command(_best_then(w))
    assert "Step 3 done: +6." in w.status


def test_the_guide_speaks_french_and_a_new_game_is_not_guided():
    w = BoardWidget.guided(lang="fr")
    assert "Étape 1 sur 4 · " in w.status
    w.command("new")
    w.command("new")                                           # asked first, then done
    assert w.state.guide is None and "Étape" not in w.status
    assert BoardGuide().instruction(guided_board_game(GUIDE_SEED)).startswith("Step 1 of 4 · ")
