"""The guided first game (cafe_widget.teach.guide, CafeWidget.guided): each step says what to try
and why, checks the student's turn before it is played, and refuses without changing anything."""

from __future__ import annotations

from cafe_widget import CafeWidget, Game
from cafe_widget.teach.guide import Guide, GUIDE_SEED, guided_game


def test_the_first_step_in_an_empty_cafe_asks_for_the_best_turn_and_says_why():
    w = CafeWidget.guided()
    assert w.game.to_move == 0 and not any(w.game.cafe.seats)
    best = w.game.best_turn()
    assert best.points == 11
    assert w.status == (
        "Welcome! Player 1 plays first. Step 1 of 4 · The café is empty. Click a card of your "
        "hand: the seats it may take light up with their points (R5, R6). A guest may not stay "
        "alone (R7), so seat two or three at one table. The best turn here scores 11: find it, "
        "then End turn.")


def test_a_weaker_turn_is_refused_with_the_reason_and_nothing_changes():
    w = CafeWidget.guided()
    w.command("TRf@d3, TRm@c4")              # legal, 6 points
    placed = w.game.format()
    w.command("end")
    assert w.status == ("Not yet: these cards make 6, and the best turn makes 11. Undo takes a "
                        "card back; Hint shows the best turn.")
    assert w.game.format() == placed and len(w.game.log) == 0 and w.game.to_move == 0
    w.command("undo")
    w.command("undo")
    w.command("draw")                          # a turn is possible: this step asks for it
    assert w.status.startswith("Not in this step: a turn of 11 points is possible.")
    assert w.game.format() == Game.new(players=2, seed=GUIDE_SEED).format()


def test_four_steps_played_well_then_the_game_goes_on_unguided():
    w = CafeWidget.guided()
    seen = []
    for step in range(1, 5):
        assert f"Step {step} of 4 · " in w.status
        best = w.game.best_turn()
        if best is None:
            assert "click Draw to take a card (R10)" in w.status
            w.command("draw")
            seen.append("draw")
        else:
            assert f"scores {best.points}" in w.status
            w.command(best.text)
            w.command("end")
            seen.append(best.points)
        assert f"Step {step} done" in w.status
    assert seen == [11, 8, 5, "draw"]
    assert "The guided part is over" in w.status and "Step 5" not in w.status
    # unguided now: any legal turn is played
    legal = w.game.legal_placements()
    if legal:
        w.command(legal[0])
        w.command("undo")


def test_the_steps_teach_a_clearing_and_an_inner_seat():
    w = CafeWidget.guided()
    w.command(w.game.best_turn().text)
    w.command("end")
    assert "It fills a table, which is cleared, guests and all, and a new table comes in (R9)." in w.status
    w.command(w.game.best_turn().text)
    w.command("end")
    assert "Look at the inner seats c2, b3, d3 and c4: a guest there scores at three tables (R8)." in w.status


def test_the_guided_game_in_french():
    w = CafeWidget.guided(lang="fr")
    assert "Étape 1 sur 4 · Le café est vide." in w.status
    w.command("TRf@d3, TRm@c4")
    w.command("fin")
    assert w.status.startswith("Pas encore : ces cartes font 6, et le meilleur tour fait 11.")


def test_the_guide_alone_says_nothing_off_the_persons_turn():
    game = guided_game()
    guide = Guide()
    assert guide.active(game) and guide.instruction(game).startswith("Step 1 of 4")
    game.play(game.best_turn().text)
    assert not guide.active(game) and guide.instruction(game) == "" and guide.check_end(game) is None
