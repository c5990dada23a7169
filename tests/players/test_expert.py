"""The expert (cafe_widget/players/expert.py) and what it stands on in the simulation core: its
playouts go exactly as the engine would play them (the same café, piles, hands, scores, turn and
end after every turn, to the end of the game), a dealt guess keeps everything the player sees and
deals only what they cannot see, the core's best turn is the engine's, and the expert's turns are
legal, deterministic, and its estimates keep a turn's exact points apart from the guess.
What the expert may know is tested with the other players (test_what_players_know.py)."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from cafe_widget.engine import Game
from cafe_widget.engine.cards import full_guest_deck, full_table_deck
from cafe_widget.engine.layout import SEATS
from cafe_widget.players import ExpertPlayer, make_player
from cafe_widget.players.sim import GUEST_TEXT, SimGame, guest_text, unseen
from cafe_widget.teach import expert, review
from test_sim import same

#: ``make differential`` plays many (``CAFE_SIM_GAMES=200``), ``make test`` a few.
GAMES = int(os.environ.get("CAFE_SIM_GAMES", "3"))


def _benchmark(name: str):
    """A script of ``benchmarks/``, imported as a module (its probes are registered only when
    it runs as a script)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def middle(seed: int, players: int, turns: int) -> Game:
    """A seeded game after ``turns`` turns between strong players (their hands grow: they wait)."""
    game = Game.new(players, seed=seed)
    strong = make_player("strong")
    for _ in range(turns):
        if game.is_over:
            break
        for action in strong.actions(game):
            game.act(action)
    return game


def to_weigh(seed: int) -> Game:
    """A seeded two-player game played by strong players up to a turn of player 1 where the
    expert has more than one turn to weigh."""
    game = Game.new(2, seed=seed)
    strong = make_player("strong")
    while not (game.to_move == 0 and game.turn is None and len(ExpertPlayer().estimates(game)) > 2):
        for action in strong.actions(game):
            game.act(action)
    return game


@pytest.mark.parametrize("seed", range(2000, 2000 + 2 * GAMES))
def test_a_playout_goes_the_same_in_the_core_and_the_engine(seed):
    """From the deal and from the middle of a game, the playout policy plays every turn to the
    end in the core; the engine plays each turn's actions again, and after every turn the two
    games are the same, field by field (R4–R13)."""
    players = 2 + seed % 4
    for start in (Game.new(players, seed=seed), middle(seed, players, 15 + seed % 20)):
        sim = SimGame.of(start) if not start.is_over else None
        game = start.copy()
        kinds = Counter()
        while sim is not None and sim.over is None:
            log: list[str] = []
            sim.play_turn(patience=seed % 12, log=log)
            for action in log:
                game.act(action)
            kinds[log[0].split(":")[0] if "@" not in log[0] else "turn"] += 1
            same(game, sim)
        assert game.is_over and kinds["turn"] > 3


def test_a_dealt_guess_keeps_what_the_player_sees_and_deals_the_rest():
    rng = random.Random(5)
    differs = 0
    for seed in range(30):
        game = middle(300 + seed, 2 + seed % 4, 10 + seed)
        if game.is_over:
            continue
        sim, hidden = SimGame.of(game), unseen(game)
        me = game.to_move
        for _ in range(3):
            deal = sim.dealt(rng, hidden)
            assert (deal.tables, deal.seats, deal.scores, deal.down, deal.to_move) == \
                   (sim.tables, sim.seats, sim.scores, sim.down, sim.to_move)
            assert deal.hands[me] == sim.hands[me]
            assert [sum(h) for h in deal.hands] == [sum(h) for h in sim.hands]
            assert len(deal.guest_pile) == len(sim.guest_pile)
            assert sorted(deal.table_pile) == sorted(sim.table_pile)    # every table left is in the pile
            # what it deals is what the player cannot see: the others' hands and face-down cards, the pile
            dealt = Counter(deal.guest_pile)
            for q, h in enumerate(deal.hands):
                if q != me:
                    dealt.update({g: n for g, n in enumerate(h) if n})
            assert not dealt - Counter(hidden[0])
            assert sum(hidden[0]) >= 0 and len(hidden[0]) == sum(dealt.values()) + sum(
                d for q, d in enumerate(deal.down) if q != me)
            differs += deal.guest_pile != sim.guest_pile
        # the player's own count: every card of the box is seen, held, on the café or unseen
        seen = [g for g in game.cafe.seats if g] + list(game.hand()) + list(game.face_down[me]) + \
            [c for c in game.box if len(c) == 3]
        assert Counter(seen) + Counter(guest_text(g) for g in hidden[0]) == Counter(full_guest_deck())
        tables = [t for t in game.cafe.tables if t] + [c for c in game.box if len(c) == 2]
        assert len(tables) + len(hidden[1]) == len(full_table_deck())
    assert differs > 20


def test_the_cores_best_turn_is_the_engines():
    """SimGame.best_turn (the playouts' search, the table pile read) scores what the engine's
    exact best turn scores, with the same cards, on the positions of seeded games."""
    compared = 0
    for seed in range(12):
        game = Game.new(2 + seed % 3, seed=400 + seed)
        strong = make_player("strong")
        while not game.is_over and compared < 40 * (seed + 1):
            if game.turn is None and game.hand():
                sim = SimGame.of(game)
                found = sim.best_turn()
                exact = game.cafe.best_turn(game.hand(), False)
                if exact is None:
                    assert found is None
                else:
                    assert found[0] == exact.points
                    assert [f"{GUEST_TEXT[g]}@{SEATS[s]}" for g, s in found[1]] == [c.text for c in exact.cards]
                compared += 1
            for action in strong.actions(game):
                game.act(action)
    assert compared > 200


def test_the_expert_plays_legal_turns_the_same_each_time_and_finishes_games():
    for players in (2, 3):
        game = Game.new(players, seed=77 + players)
        seats = [ExpertPlayer() if p == 0 else make_player("strong") for p in range(players)]
        weighed = 0
        while not game.is_over:
            player = seats[game.to_move]
            chosen = player.actions(game.copy())
            if game.to_move == 0 and weighed < 4:
                assert ExpertPlayer().actions(game.copy()) == chosen      # deterministic: seeded by what it sees
                weighed += len(player.estimates(game)) > 1
            for action in chosen:
                game.act(action)               # the engine refuses anything illegal
        assert weighed == 4


def test_an_estimate_keeps_the_exact_points_apart_from_the_guess():
    game = to_weigh(911)
    found = ExpertPlayer().estimates(game)
    assert len(found) >= 2 and found == sorted(found, key=lambda e: -e.value)
    for e in found:
        trial = game.copy()
        before = trial.scores[game.to_move]
        for action in e.actions:
            trial.act(action)
            if trial.to_move != game.to_move or trial.is_over:
                break
        scored = (trial.log[-1].turn.points if trial.log and trial.log[-1].turn and e.actions != ["draw"]
                  else 0) if trial.turn is None else trial.turn.points
        assert e.points == scored, (e, before)
        assert e.deals == 16 and not e.to_end
    assert any(e.actions == ["draw"] for e in found) == (game.explain_draw() is None)


def test_expert_and_review_print_the_guess_under_the_exact_points(capsys):
    game = to_weigh(911)
    expert(game)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("The expert's estimate, a guess (not points): 16 deals")
    assert len(lines) == 4 and all(" now (exact); estimate " in line or line.startswith("draw: 0 now")
                                   for line in lines[1:])
    expert(game, lang="fr")
    assert capsys.readouterr().out.startswith("L'estimation de l'expert, une prévision (pas des points)")
    review(middle(912, 2, 6), player=0, expert=True)
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("       The expert's estimate") for line in out)
    variant = Game.new(2, seed=3, variant=True)
    expert(variant)
    assert "nothing to weigh" in capsys.readouterr().out


def test_the_widget_hint_adds_the_experts_guess_below_the_exact_points():
    from cafe_widget import CafeWidget

    w = CafeWidget(game=to_weigh(911), players=["human", "expert"])
    w.click(*w.locate("hint"))
    info = w.view().info
    assert info[0] == "*Hint: 14 points"          # CFm@d1, FRf@c4: the exact points first
    assert info[1] == "The expert's guess (not points): +7.0 for this turn, its choice too"
    assert info[2] == "CFm@d1 = 6"
    found = ExpertPlayer().estimates(w.game)
    assert found[0].actions[:2] == ["CFm@d1", "FRf@c4"] and f"{found[0].value:+.1f}" == "+7.0"
    assert "expert" in w.save()


def test_the_hint_names_the_experts_other_choice_in_the_widgets_language():
    """Notebook 10's deal: the hint's turn (4 points) and the expert's own choice, drawing, in
    French with a decimal comma; the words of the choice are the catalog's (« piocher »)."""
    from cafe_widget import CafeWidget

    w = CafeWidget(game=Game.new(players=3, seed=7), players=["human", "greedy", "strong"], lang="fr")
    w.click(*w.locate("hint"))
    found = ExpertPlayer().estimates(w.game)
    assert found[0].actions == ["draw"]
    value = f"{found[0].value:+.1f}".replace(".", ",")
    assert w.view().info[2] == f"son choix : piocher, {value}"
    assert w.view().info[1].startswith("Prévision de l'expert (pas des points) : ")


def test_a_turn_that_empties_the_hand_and_declares_ends_the_game_in_the_core_too():
    """R12c in the expert's look-ahead: the player who emptied their hand declares, not the next."""
    from cafe_widget.players.expert import _play

    game = Game.parse("DE GB IT CN CF | b1:DEf | FR | CNm ITf GBm | DEm / GBf GBm USf | - / - | 0 0 | to:1")
    turns = ExpertPlayer().candidates(game)
    declaring = [t for t in turns if t[-1] == "declare:1"]
    assert len(declaring) == 3 and all(t[1:] == ["end", "declare:1"] for t in declaring)   # DEm on a2, c2, …
    for turn in declaring:
        sim = SimGame.of(game)
        _play(sim, turn)
        assert sim.over == "R12c" and sim.final()[1] == -6 and sim.final()[0] > 0
    assert ExpertPlayer().actions(game)[1:] == ["end", "declare:1"]


def test_the_ceiling_probes_see_exactly_what_they_say_and_deal_the_rest():
    """``benchmarks/expert_ceiling.py``: a probe that saw more, or less, than it says would
    print a wrong ceiling. Each keeps what the player sees, shows its part of the hidden cards
    as they are, and deals the rest anew from the same unseen cards; importing it adds no player
    to the product's."""
    from cafe_widget.players import PLAYERS

    ceiling = _benchmark("expert_ceiling")
    assert not set(ceiling.PROBES) & set(PLAYERS)
    probes = {"expert": (ExpertPlayer(), False, False), "sees-all": (ceiling.SeesAll(), True, True),
              "sees-hands": (ceiling.SeesHands(), True, False), "sees-piles": (ceiling.SeesPiles(), False, True)}
    rng = random.Random(8)
    anew = Counter()
    for seed in range(8):
        game = middle(700 + seed, 2 + seed % 3, 12 + 2 * seed)
        if game.is_over:
            continue
        truth, hidden, me = SimGame.of(game), unseen(game), game.to_move
        others = [q for q in range(game.players) if q != me]
        for name, (player, sees_hands, sees_piles) in probes.items():
            deal = player._deal(game, truth, rng, hidden)
            assert (deal.tables, deal.seats, deal.scores, deal.down, deal.to_move, deal.hands[me]) == \
                   (truth.tables, truth.seats, truth.scores, truth.down, truth.to_move, truth.hands[me])
            assert [sum(h) for h in deal.hands] == [sum(h) for h in truth.hands]
            assert (len(deal.guest_pile), sorted(deal.table_pile)) == (len(truth.guest_pile), sorted(truth.table_pile))
            dealt = Counter(deal.guest_pile)
            for q in others:
                dealt.update({g: n for g, n in enumerate(deal.hands[q]) if n})
            assert not dealt - Counter(hidden[0])                        # only cards it cannot see
            same_hands = [deal.hands[q] for q in others] == [truth.hands[q] for q in others]
            same_piles = (deal.guest_pile, deal.table_pile) == (truth.guest_pile, truth.table_pile)
            assert same_hands or not sees_hands
            assert same_piles or not sees_piles
            anew[name, "hands"] += not same_hands
            anew[name, "piles"] += not same_piles
        # the piles seen, the other hands are what is left: one hand's cards by counting (2
        # players, nothing face down), else shared among hands and face-down cards anew
        anew["counted"] += game.players > 2 or any(truth.down[q] for q in others)
    assert ceiling.SeesAll().samples == 1           # one deal: the game itself
    assert anew == Counter({("expert", "hands"): 8, ("expert", "piles"): 8, ("sees-hands", "piles"): 8,
                            ("sees-piles", "hands"): anew["counted"], "counted": anew["counted"]})
    assert 0 < anew["counted"] < 8


def test_the_guess_from_past_turns_reads_only_what_was_seen():
    """``benchmarks/expert_guess.py`` weighs a deal by the other player's past actions: the same
    weights when every hidden card of the game's record is changed (the hands and piles behind
    each action), and not all alike: some deals make the seen actions less likely than others.
    Importing it adds no player to the product's."""
    import dataclasses
    from cafe_widget.players import PLAYERS

    guess = _benchmark("expert_guess")
    assert "guesses" not in PLAYERS
    game = middle(705, 2, 30)
    start, hidden = SimGame.of(game), unseen(game)
    guesser = guess.Guesses(proposals=12, back=8)
    deals, weights = guesser.weighed(game, start, random.Random(3), hidden)
    assert {kind for kind, *_ in guess.seen_actions(game, 1 - game.to_move, 8)} == {"turn", "draw"}
    assert min(weights) < max(weights) == 1.0                   # some deals made less likely

    scrambled = game.copy()
    for i, entry in enumerate(scrambled.log):
        before = entry.before
        cafe = dataclasses.replace(before.cafe, pile=before.cafe.pile[::-1])
        scrambled.log[i] = dataclasses.replace(entry, before=dataclasses.replace(
            before, cafe=cafe, guest_pile=before.guest_pile[::-1], hands=before.hands[::-1]))
    again, weights_again = guesser.weighed(scrambled, start, random.Random(3), hidden)
    assert [d.hands for d in again] == [d.hands for d in deals] and weights_again == weights


def test_the_policy_probe_plays_the_strong_players_turns_in_the_core():
    """``benchmarks/expert_policy.py``: its look-ahead plays the strong player's judgement in the
    core (``strong_turn``). On the turns of whole seeded games, it leaves the game as the strong
    player's own turn leaves it (the same hands, café and scores) nearly every time: it differs
    only where the strong player reads what the core does not keep (the box, the others'
    face-down cards) or plans blind up to a table turned up. Each probe routes its players as it
    says; importing it adds no player to the product's."""
    from cafe_widget.players import PLAYERS

    policy = _benchmark("expert_policy")
    assert "policy" not in PLAYERS
    kinds = Counter()
    for seed, players in ((700, 2), (701, 3)):
        game = Game.new(players, seed=seed)
        strong = make_player("strong")
        while not game.is_over:
            actions = strong.actions(game)
            sim = SimGame.of(game)
            policy.strong_turn(sim)
            for action in actions:
                game.act(action)
            kind = "draw" if actions == ["draw"] else actions[0].split(":")[0] if ":" in actions[0] else "place"
            same_turn = (game.is_over and sim.over is not None) or (
                not game.is_over and sim.over is None and
                (sim.hands, sim.seats, sim.scores, sim.to_move) == (lambda o: (o.hands, o.seats, o.scores, o.to_move))(
                    SimGame.of(game)))
            kinds[kind, same_turn] += 1
    placed, drawn = kinds["place", True] + kinds["place", False], kinds["draw", True] + kinds["draw", False]
    assert placed > 30 and drawn > 30
    assert kinds["place", True] >= 0.85 * placed and kinds["draw", True] >= 0.9 * drawn, kinds

    calls = []
    probe = policy.Policy(only="opponents")
    probe._me = 0
    sim = SimGame.of(Game.new(2, seed=3))
    real_turn = policy.strong_turn
    try:
        policy.strong_turn = lambda s, *a: calls.append(s.to_move) or real_turn(s, *a)
        probe._rollout(sim)                       # its own turn: the plain playout policy
        probe._rollout(sim)                       # the other's: the strong player's judgement
    finally:
        policy.strong_turn = real_turn
    assert calls == [1]


def test_the_deviations_probe_weighs_on_common_deals_and_leaves_strong_only_as_it_says():
    """``benchmarks/expert_deviations.py``: a turn weighed against itself gains exactly nothing
    (both are played on the same deals, to the end); ``leaves`` plays the strong player's turn
    but for the kinds of leaving it names.
    Importing it adds no player to the product's."""
    from cafe_widget.players import PLAYERS
    from cafe_widget.players.card import StrongPlayer

    probe = _benchmark("expert_deviations")
    assert "leaves" not in PLAYERS
    assert [probe.kind(a) for a in (["draw"], ["DEf@c2", "end"], ["down:ITm"], ["declare:1"])] == ["d", "p", "o", "o"]
    game = middle(706, 2, 24)
    turn = StrongPlayer().actions(game)
    for sees_hands in (False, True):
        same = probe.weigh(game, [turn, turn], 4, 3, sees_hands)
        assert same[0] == same[1] and 0 <= same[0][0] <= 1
    leaves = probe.Leaves(leaves="dp")
    strong, seen = StrongPlayer(), Counter()
    for seed in range(1):
        game = middle(720 + seed, 2, 6)
        while not game.is_over and len(game.log) < 40:
            mine, theirs = leaves.actions(game), strong.actions(game)
            if game.turn is None and not game.variant:
                seen[mine == theirs or probe.kind(mine) + probe.kind(theirs)] += 1
            for action in mine:
                game.act(action)
    assert set(seen) <= {True, "dp", "do", "od", "po", "op", "oo"} and seen[True] > 15, seen


def test_the_leaf_probe_counts_each_hands_cards_as_the_engine_shows_them():
    """``benchmarks/expert_leaf.py``: the features its fitted evaluation reads are the engine's
    own facts (each hand's cards by whether their nation has a table in the café, in the table
    pile or none left, and whether they have a seat now, R5–R7); its two probes play legal turns,
    the same each time. Importing it adds no player to the product's."""
    from cafe_widget.players import PLAYERS

    probe = _benchmark("expert_leaf")
    assert "leaf" not in PLAYERS and "learned" not in PLAYERS
    for seed, turns in ((730, 30), (731, 60)):
        game = middle(seed, 2, turns)
        me, other = game.to_move, 1 - game.to_move
        present = {t for t in game.cafe.tables if t}
        expected = [game.scores[me] - game.scores[other]]
        for q in (me, other):
            hand = game.hands[q]
            on = [g for g in hand if g[:2] in present]
            expected += [len(on), sum(g[:2] not in present and g[:2] in game.cafe.pile for g in hand),
                         sum(g[:2] not in present and g[:2] not in game.cafe.pile for g in hand),
                         sum(bool(game.cafe.legal_seats(g)) for g in hand)]
        expected.append(len(game.face_down[me]) - len(game.face_down[other]))
        assert probe.features(SimGame.of(game), me) == expected
        for player in (probe.Leaf(samples=4), probe.Learned()):
            trial = game.copy()
            for _ in range(4):
                if trial.is_over:
                    break
                actions = player.actions(trial)
                assert actions == player.actions(trial)
                for action in actions:
                    trial.act(action)


def test_the_stuck_probe_deals_the_other_a_hand_that_fits_what_they_did():
    """``benchmarks/expert_stuck.py``: after the other player laid a card face down (R11), the
    hand it deals them holds no turn, as the real one did not; after they drew (R10), none worth
    the strong player's patience but for the card drawn. Importing it adds no player to the
    product's."""
    from cafe_widget.players import PLAYERS

    probe = _benchmark("expert_stuck")
    assert "stuck" not in PLAYERS
    stuck = probe.Stuck(samples=4, draws=1, tries=400)
    strong = make_player("strong")
    seen = Counter()
    game = Game.new(2, seed=741)
    checked = Counter()
    while not game.is_over and min(checked["down"], checked["draw"]) < 4:
        last = game.log[-1] if game.log else None
        if last is not None and game.turn is None and checked[last.kind] < 4 and (last.kind == "down" or (
                last.kind == "draw" and len(last.before.guest_pile) > 6)):
            checked[last.kind] += 1
            start, truth = SimGame.of(game), SimGame.of(game)
            assert stuck._fits(game, truth, last.player, last.kind)        # what really happened
            deal = stuck._deal(game, start, random.Random(len(game.log)), unseen(game))
            assert deal.hands[game.to_move] == truth.hands[game.to_move]   # its own hand as it is
            seen[last.kind, stuck._fits(game, deal, last.player, last.kind)] += 1
        for action in strong.actions(game):
            game.act(action)
    assert seen["down", True] >= 2 and seen["draw", True] >= 2 and not seen["down", False], seen


#: A stuck hand (R11): 12 cards, none of a nation with a table in the café, so no turn; every
#: nation's two tables still in the pile, and two copies of FRf with no FRm.
STUCK = ("DE GB IT CN CF | b1:DEf | FR ES US TR RU IN CU DE GB IT CN CF FR ES US TR RU IN CU | CNm ITf | "
         "CUf CUm ESf ESm FRf FRf INf INm RUf RUm TRf USm / GBf GBm USf | - / - | 0 0 | to:1")


def test_the_expert_lays_a_second_copy_face_down_first_where_strong_lays_a_card_without_partner():
    """R11: with 12 cards and no turn both lay one card face down. Every card here has both its
    nation's tables to come; strong lays down one of the cards without a partner of the other
    sex (USm, the last in the hand), the expert one of the two FRf: a second copy makes no more
    turns than one. With ``copies=0`` it lays down strong's card; nothing else changes."""
    game = Game.parse(STUCK)
    assert game.explain_draw() is not None and game.cafe.best_turn(game.hand()) is None
    assert make_player("strong").actions(game) == ["down:USm"]
    assert make_player("expert").actions(game) == ["down:FRf"]
    assert ExpertPlayer(copies=0).actions(game) == ["down:USm"]
    before = game.format()
    game.act("down:FRf")
    assert game.face_down[0] == ("FRf",) and game.hand(0).count("FRf") == 1 and before != game.format()


def test_the_face_down_probe_lays_the_card_it_says():
    """``benchmarks/expert_facedown.py``: its strong players differ only in the card laid face
    down: ``worst_card`` the one strong keeps longest, ``copies`` the expert's, ``any_card`` one of
    the hand, the same each time. Importing it adds no player to the product's."""
    from cafe_widget.players import PLAYERS

    probe = _benchmark("expert_facedown")
    assert not set(probe.KINDS) & set(PLAYERS)
    game = Game.parse(STUCK)
    order = probe.hope_order(game)
    assert order[:4] == ["USm", "TRf", "FRf", "FRf"]              # no partner first: the pairs kept
    assert sorted(order[4:]) == ["CUf", "CUm", "ESf", "ESm", "INf", "INm", "RUf", "RUm"]
    assert probe.FaceDown(how="worst_card").actions(game) == [f"down:{order[-1]}"]
    assert probe.FaceDown(how="copies").actions(game) == make_player("expert").actions(game) == ["down:FRf"]
    anyone = probe.FaceDown(how="any_card").actions(game)
    assert anyone == probe.FaceDown(how="any_card").actions(game) and anyone[0][5:] in game.hand()


def test_with_12_cards_the_expert_weighs_laying_one_face_down_against_placing_and_says_so():
    """R4/R11: with 12 cards placing is not compulsory; the expert weighs laying its card face
    down beside the strong player's turns (not near the end, where a card kept costs as much),
    and the review's and the hint's lines name it in the reader's language."""
    from cafe_widget.render.words import expert_lines, expert_short_lines, tenths

    fields = STUCK.split(" | ")
    fields[3] = "CNm ITf GBf GBm ITm CNf CFf CFm DEf DEm ESf ESm"        # 12 guest cards to draw
    fields[4] = fields[4].replace("CUm ESf", "CUm DEm")                  # DEm may sit by b1:DEf
    game = Game.parse(" | ".join(fields))
    expert = ExpertPlayer()
    turns = expert.candidates(game)
    assert turns[-1] == ["down:FRf"] and all("@" in t[0] for t in turns[:-1]) and len(turns) > 1
    found = {tuple(e.actions): e for e in expert.estimates(game)}
    down = found["down:FRf",]
    assert down.points == 0 and len(found) == len(turns)
    lines = expert_lines(expert.estimates(game), "fr", top=len(turns))
    assert (f"poser FRf face cachée : 0 maintenant ; estimation {tenths(down.value, 'fr', True)} ; puis le joueur "
            f"suivant marque {tenths(down.next_points, 'fr')}") in lines
    assert expert_short_lines([down], ["DEm@a2"], "de") == (
        f"Die Wahl des Experten (eine Vermutung, keine Punkte): FRf verdeckt ablegen, {tenths(down.value, 'de', True)}",)
    near = " | ".join(fields[:3] + ["CNm ITf"] + fields[4:])             # 2 guest cards left: no
    assert all("@" in t[0] for t in expert.candidates(Game.parse(near)))
    trial = Game.parse(" | ".join(fields))
    trial.act("down:FRf")                                                # the engine takes it (R11)
    assert trial.face_down[0] == ("FRf",)
