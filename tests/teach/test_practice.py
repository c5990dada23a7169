"""Practice that answers back: puzzles graded by the engine, the exercise checks,
Game.review(), and the committed puzzle set. Every expected number here is the rulebook's
(E12: 23 = 8 + 5 + 10) or recomputed by the search on the entry's own position."""

import statistics

import pytest

from cafe_widget import Cafe, Game
from cafe_widget.engine.search import every_turn
from cafe_widget.players import make_player
from cafe_widget.teach.card_puzzles import LEVELS, Puzzle, puzzle_lines, puzzles
from cafe_widget.teach.practice import Feedback, Grade, check_points, check_seats

E12 = "RU GB FR ES IT | b1:RUf b3:RUm | US CN DE"
E12_HAND = "RUf ITf ITm DEm"
CAFE = "RU GB FR ES IT | b1:RUf b3:RUm"


@pytest.fixture
def e12():
    return Puzzle(E12, E12_HAND)


# -- Puzzle.grade -------------------------------------------------------------------------------

def test_the_best_turn_of_e12_is_found_and_solves(e12):
    assert e12.best.text == "RUf@c2, ITm@d3, ITf@c4" and e12.best_points == 23
    g = e12.grade("RUf@c2, ITf@c4, ITm@d3")       # the rulebook's order: the same 23 (R8)
    assert (g.legal, g.rule, g.points, g.best_points, g.solved) == (True, None, 23, 23, True)
    assert g.message == ("Solved: RUf@c2, ITf@c4, ITm@d3 makes 23 points (Russian table b2 +6, "
                         "English table d2 +2, French table c3 +9, Spanish table b4 +2, Italian "
                         "table d4 +4; c3 full and cleared, R9), the most this hand can make.")
    assert [c.points for c in g.turn.cards] == [8, 5, 10]


def test_a_turn_short_of_the_best_says_what_it_made_table_by_table(e12):
    g = e12.grade("RUf@c2, ITf@c4")
    assert (g.legal, g.rule, g.points, g.solved) == (True, None, 13, False)
    assert g.message == ("13 points (Russian table b2 +6, French table c3 +5, Spanish table b4 +2); "
                         "the best turn scores 23.")
    assert "ITm@d3" not in g.message              # the best turn itself is kept for a retry
    assert e12.solution() == ("The best turn: RUf@c2, ITm@d3, ITf@c4 = 23 points (Russian table b2 "
                              "+6, English table d2 +2, French table c3 +9, Italian table d4 +4, "
                              "Spanish table b4 +2; c3 full and cleared, R9).")


def test_an_illegal_answer_is_graded_with_its_rule(e12):
    g = e12.grade("ITm@c4")
    assert (g.legal, g.rule, g.points, g.solved) == (False, "R6", None, False)
    assert g.message == ("Not allowed: ITm@c4: the French table c3 would have two men and no woman "
                         "(R6). The best turn scores 23.")
    alone = e12.grade("ITf@e4")                   # alone at the Italian table, never joined (R7)
    assert (alone.legal, alone.rule) == (False, "R7")
    assert e12.grade("DEf@b5").rule == "R4"        # not in the hand
    assert e12.grade("").rule == "R4"              # no card at all
    four = Puzzle(E12, "RUf ITf ITm DEm CNf").grade("RUf@c2, ITf@c4, ITm@d3, CNf@e4")
    assert four.rule in ("R4", "R12")              # a fourth card: R4 (or the game is over)


def test_a_malformed_answer_names_the_token_and_never_raises(e12):
    for answer, token in [("XXf@c2", "XXf"), ("RUf@c2, ITf@z9", "z9"), ("RUf-c2", "RUf-c2"),
                          (42, "42"), (None, "None")]:
        g = e12.grade(answer)
        assert isinstance(g, Grade) and not g.legal and g.rule is None and g.points is None
        assert g.token == token and repr(token)[1:-1] in g.message and "23" in g.message


def test_grading_changes_nothing_and_speaks_french(e12):
    before = (e12.cafe, e12.hand, e12.best)
    assert e12.grade("RUf@c2", lang="fr").message == (   # the first wrong try: how far from the best
        "8 points (table russe b2 +6, table française c3 +2) ; le meilleur tour fait 23.")
    e12.grade("RUm@c2")
    assert (e12.cafe, e12.hand, e12.best) == before
    assert e12.grade(["RUf@c2", "ITf@c4"]).points == 13    # a list of placements too


def test_a_hand_with_no_legal_turn_is_not_a_puzzle():
    with pytest.raises(ValueError, match="no card of CNf USm"):
        Puzzle(CAFE, "CNf USm")


def test_the_variant_turn_of_four_is_graded_with_the_variant():
    p = Puzzle("DE GB IT CN CF | b1:DEf | FR US", "DEf DEf DEf ITm", variant=True)
    assert p.best_points == p.grade(p.best.text).points
    plain = Puzzle("DE GB IT CN CF | b1:DEf | FR US", "DEf DEf DEf ITm")
    assert plain.grade(p.best.text).rule is not None or plain.best_points == p.best_points


# -- the committed puzzles ---------------------------------------------------------------------

def test_every_committed_puzzle_states_the_best_the_search_finds():
    lines = puzzle_lines()
    assert len(lines) >= 60
    for level in LEVELS:
        found = puzzles(level)
        assert len(found) >= 20
        stated = [best for _, best in puzzle_lines(level)]
        for p, best in zip(found, stated):
            assert p.level == level
            assert p.best_points == best, p
            # the search against a plain list of every legal turn
            assert max(points for points, *_ in every_turn(p.cafe.begin_turn(p.variant), list(p.hand))) == best


def test_each_level_is_harder_than_the_one_before():
    def legal_turns(p):
        return sum(1 for _ in every_turn(p.cafe.begin_turn(p.variant), list(p.hand)))

    medians = [statistics.median(legal_turns(p) for p in puzzles(level)) for level in LEVELS]
    assert medians[0] < medians[1] < medians[2], medians
    level1 = puzzles(1)
    assert not any(p.variant for p in level1) and not any(p.best.cleared for p in level1)
    level3 = puzzles(3)
    mid_turn = [p for p in level3 if any(c.cleared for c in p.best.cards[:-1])]
    ladies_or_men = [p for p in level3 if any(t.variant in ("ladies", "men")
                                              for c in p.best.cards for t in c.tables)]
    assert len(mid_turn) + len(ladies_or_men) >= len(level3) // 2


def test_a_puzzle_round_trips_through_its_line():
    p = puzzles(2)[0]
    line = f"2 | {p.format()} | {p.best_points}"
    assert line in [f"2 | {l.split(' | ', 1)[1]}" for l, _ in puzzle_lines(2)]
    with pytest.raises(ValueError):
        puzzles(4)


# -- check_points ------------------------------------------------------------------------------

def test_check_points_right_explains_table_by_table():
    f = check_points(CAFE, "RUf@c2", 8)
    assert isinstance(f, Feedback) and f.right and f.expected == "8"
    assert f.message == ("Right: RUf@c2 scores 8: +6 at the Russian table b2 (3 guests, all of the "
                         "table's nation: doubled); +0 at the English table d2 (1 guest: alone, no points); "
                         "+2 at the French table c3 (2 guests).")
    assert check_points(CAFE, "RUf@c2", "8").right and check_points(CAFE, "RUf@c2", 8.0).right


def test_check_points_climbs_the_ladder_nudge_hint_answer():
    f = check_points(CAFE, "RUf@c2", 6)
    assert not f.right and f.expected == "8" and (f.stage, f.tries) == ("nudge", 1)
    assert f.message == f.nudge == (
        "Not quite: that is too few. Count again each table seat c2 touches (b2, d2, c3): how many "
        "guests sit there once the card is down, and are they all of the table's nation (R8)?")
    f = check_points(CAFE, "RUf@c2", "9 points")              # read as 9; the same question: try 2
    assert (f.stage, f.tries) == ("hint", 2) and f.message == (
        "Hint: a table scores a point for each guest at it, two for each when all are of its nation, "
        "and nothing for a guest alone (R8). Once RUf@c2 is down, look at b2, d2, c3: how many guests "
        "sit there, and of which nations?")
    assert check_points(CAFE, "RUf@c2", "eight").stage == ""  # not read: no try counted
    f = check_points(CAFE, "RUf@c2", 6)
    assert (f.stage, f.tries) == ("answer", 3)
    assert f.message.startswith("Not quite: you said 6, but RUf@c2 scores 8: +6 at the Russian table b2")
    right = check_points(CAFE, "RUf@c2", 8)
    assert right.right and right.stage == "right" and right.message.endswith(
        " (You had seen the answer: this one is not counted as solved.)")
    other = check_points(CAFE, "RUf@a2", 7)                  # another question starts afresh
    assert (other.stage, other.tries) == ("nudge", 1) and other.message.startswith("Not quite: that is too many.")


def test_the_answer_at_any_time_is_remembered_as_shown():
    f = check_points(CAFE, "ITm@e4", answer=True)
    assert (f.stage, f.tries) == ("answer", 1) and f.message == (
        "ITm@e4 scores 0: +0 at the Italian table d4 (1 guest: alone, no points). It sits alone: a second "
        "card of the turn must join it (R7).")
    assert check_points(CAFE, "ITm@e4", 0).message.endswith("this one is not counted as solved.)")
    assert check_points(CAFE, "RUf@c2", answer=8).right      # answer=8: the name of old, an answer
    seats = check_seats(CAFE, "ITm", show=True)
    assert seats.stage == "answer" and seats.message == (
        "An Italian man (ITm) may sit on e4 and d5, and nowhere else. A card alone at its table "
        "scores 0 there, and a second card must join it (R7).")


def test_check_points_of_a_refused_card_and_of_a_whole_turn():
    f = check_points(CAFE, "RUm@c2", 0)
    assert not f.right and f.rule == "R6" and f.expected == "refused"
    assert f.message == (                     # no verdict: the seating rules and the counting alike
        "Not quite. Check RUm@c2 against the rules of seating (R5–R7), then count again each table seat c2 "
        "touches (b2, d2, c3): how many guests sit there, and are they all of the table's nation (R8)?")
    assert f.answer == ("RUm@c2 may not be placed, so it scores nothing: RUm@c2: the French table "
                        "c3 would have two men and no woman (R6).")
    assert check_points(CAFE, "RUm@c2", "refused").right
    turn = check_points(CAFE, "RUf@c2, ITf@c4, ITm@d3", 23)
    lines = turn.message.splitlines()          # one line a card (8.1's 600 characters)
    assert turn.right and lines[0] == "Right: RUf@c2, ITf@c4, ITm@d3 scores 23 in all:"
    assert [line.split(" (")[0] for line in lines[1:]] == ["- RUf@c2: 8", "- ITf@c4: 5", "- ITm@d3: 10"]
    assert lines[-1].endswith("c3 full and cleared, R9; the table pile is short: the game ends, R12a.")


def test_check_points_never_raises_on_bad_input():
    assert check_points(CAFE, "RUf@c2", "eight").message.startswith("Answer with a whole number")
    assert check_points(CAFE, "RUf@c2", True).right is False
    bad = check_points(CAFE, "XXf@c2", 3)
    assert not bad.right and "'XXf'" in bad.message
    assert "'ZZ'" in check_points("RU GB FR ES ZZ", "RUf@c2", 3).message
    assert check_points(CAFE, "RUf@c2", 6, lang="fr").answer.startswith(
        "Pas tout à fait : vous avez dit 6, mais RUf@c2 marque 8 : +6 à la table russe b2")


# -- check_seats -------------------------------------------------------------------------------

def test_check_seats_right():
    f = check_seats(CAFE, "ITm", "e4 d5")
    assert f.right and f.expected == "e4 d5"
    assert f.message == ("Right: an Italian man (ITm) may sit on e4 and d5, and nowhere else. A card "
                         "alone at its table scores 0 there, and a second card must join it (R7).")
    assert check_seats(CAFE, "ITm", ["d5", "E4"]).right
    assert check_seats(CAFE, "RUf", "a2 c2").message == (
        "Right: a Russian woman (RUf) may sit on a2 (+6) and c2 (+8), and nowhere else.")
    assert check_seats(CAFE, "CNf", "-").right and check_seats(CAFE, "CNf", []).right
    assert check_seats(CAFE, "CNf", "").stage == ""        # not answered yet


def test_check_seats_wrong_names_each_wrong_seat_with_its_rule():
    f = check_seats(CAFE, "ITm", "c4 e4")
    assert not f.right and f.rule == "R6"
    assert f.answer.endswith("You missed d5. c4 is refused: ITm@c4: the French table c3 would "
                             "have two men and no woman (R6).")
    assert f.message == f.nudge == ("Not quite: you marked 2 seats; right: 1; 1 allowed seat missing; "
                                    "refused: c4 (R6).")
    assert check_seats(CAFE, "ITm", "c4,e4 ").message == (   # the same answer again: the hint
        "Hint: ITm sits only on a seat beside a table of that nation (R5): here the Italian table d4. "
        "At each seat beside it, would a table the seat touches get two more of one sex than of the "
        "other (R6)?")
    assert check_seats(CAFE, "ITm", "c4 e4").message == f.answer
    assert "d5" not in f.nudge
    nation = check_seats(CAFE, "ITm", "a2 e4 d5")
    assert nation.rule == "R5" and "a2 is refused" in nation.answer
    assert check_seats(CAFE, "ITm", "-").nudge == (
        "Not quite: you named no seat, and 2 allowed seats are missing.")


def test_check_seats_never_raises_on_bad_input():
    assert check_seats(CAFE, "ITm", "z9").message == (
        "Could not read your answer: 'z9' is not a seat (b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5).")
    assert "'b2' is where a table stands" in check_seats(CAFE, "ITm", "b2").message
    assert not check_seats(CAFE, "XXm", "e4").right
    assert not check_seats(CAFE, "ITm", 42).right
    assert check_seats(CAFE, "ITm", "e4", lang="fr").nudge == (
        "Pas tout à fait : vous avez marqué 1 place ; justes : 1 ; il manque 1 place permise.")


# -- Game.review() -----------------------------------------------------------------------------

@pytest.mark.parametrize("players,seed,variant", [(2, 1, False), (3, 21, True), (4, 3, False), (5, 8, True)])
def test_review_of_seeded_games_against_the_search(players, seed, variant):
    game = Game.new(players=players, seed=seed, variant=variant)
    kinds = ["strong", "greedy", "random", "strong", "greedy"][:players]
    bots = [make_player(k) for k in kinds]
    while not game.is_over:
        for action in bots[game.to_move].actions(game):
            game.act(action)
    review = game.review()
    assert len(review) == len(game.log) and [e.number for e in review] == list(range(1, len(review) + 1))
    totals = [0] * players
    for entry, logged in zip(review, game.log):
        assert entry.player == logged.player and entry.points == logged.points
        totals[entry.player] += entry.points
        cafe = Cafe.parse(entry.cafe)
        hand = [] if entry.hand == "-" else entry.hand.split()
        expected = cafe.best_turn(hand, variant, blind=True) if hand else None   # what the player could know
        assert (entry.best_text, entry.best_points) == ((expected.text, expected.points) if expected
                                                          else (None, None))
        if entry.kind == "turn":
            # a turn that went on after a table was turned up may beat the plan that stops there
            went_on = any(c.cleared for c in entry.turn.cards[:-1])
            assert entry.action == entry.turn.text and (entry.best_points >= entry.points or went_on)
            assert cafe.play(entry.action, variant).points == entry.points
        else:
            assert entry.points == 0 and entry.kind in ("draw", "down", "declare")
    assert totals == list(game.scores)
    assert {e.kind for e in review} >= {"turn", "draw"}


def test_review_states_each_action_before_it_happened():
    game = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 | to:1")
    game.play("DEm@a2")
    game.draw()
    game.declare_end(0)
    first, second, third = game.review()
    assert (first.kind, first.action, first.points, first.hand) == ("turn", "DEm@a2", 4, "DEm")
    assert first.cafe == "DE GB IT CN CF | b1:DEf | FR"
    assert (first.best_text, first.best_points) == ("DEm@a2", 4)
    assert (second.kind, second.player, second.hand) == ("draw", 1, "GBf GBm USf")
    assert (second.best_text, second.best_points) == ("GBf@c2, GBm@d3", 9)   # a fact, not a verdict
    assert second.cafe == "DE GB IT CN CF | b1:DEf a2:DEm | FR"
    assert (third.kind, third.player, third.hand, third.best) == ("declare", 0, "-", None)
    assert game.review()[0] == first                      # asked again: the same facts


def test_review_of_a_copy_and_of_a_reloaded_save():
    game = Game.new(players=3, seed=5)
    bot = make_player("greedy")
    for _ in range(12):
        for action in bot.actions(game):
            game.act(action)
    copy = game.copy()
    assert copy.review() == game.review()
    assert [e.best_points for e in Game.from_json(game.to_json()).review()] == [e.best_points for e in game.review()]


def test_odd_answers_and_questions_never_raise(e12):
    for answer in (["RUf@c2", 3], [None], [], 3.5, {"RUf": "c2"}):
        g = e12.grade(answer)
        assert not g.legal and not g.solved
    assert e12.grade("RUf@z9", lang="fr").message == (
        "Réponse illisible : 'z9' n'est pas une place (b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5). "
        "Le meilleur tour fait 23.")
    assert check_points(CAFE, 3, 1).message == "Could not read the question: placement: '3' is not text."
    assert check_points(42, "RUf@c2", 1).message.startswith("Could not read the question: café: '42'")
    assert not check_seats(CAFE, None, "e4").right
    assert check_seats(CAFE, "CNf", "nulle part", lang="fr").right


def test_a_lone_card_scores_0_and_must_be_joined_and_a_clearing_is_said():
    f = check_points(CAFE, "ITm@e4", None)        # None means "refused": it is not, it scores 0
    assert f.message == "Not quite: ITm@e4 may sit there (R5–R7 allow it). How many points does it make?"
    assert f.answer == ("Not quite: you said refused, but ITm@e4 scores 0: +0 at the Italian table "
                        "d4 (1 guest: alone, no points). It sits alone: a second card of the turn must join it (R7).")
    assert check_points(CAFE, "ITm@e4", 0).right
    full = check_points("RU GB FR ES IT | b1:RUf b3:RUm c2:RUf c4:ITf", "ITm@d3", 10)
    assert full.right and full.message.endswith(
        "; c3 full and cleared, R9; the table pile is short: the game ends, R12a.")


def test_the_variant_seats_that_start_a_ladies_table_say_r14():
    f = check_seats("DE GB IT CN CF | b1:DEf | FR US", "DEf", "a2 c2 b3", variant=True)
    assert f.right and f.message == (
        "Right: a German woman (DEf) may sit on a2, c2 and b3, and nowhere else. A +0 seat may "
        "start a ladies' or men's table, scored when complete (R14).")
