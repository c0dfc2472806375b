from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest

from takeover.acquire import new_game
from takeover.bots.base import Observation
from takeover.rl import rank_returns
from takeover.rl.openspiel import SHORT_NAME, AcquireGame, AcquireSpielState


def random_playout(state: AcquireSpielState, rng: random.Random) -> list[tuple[int, int]]:
    """Play to the end at random; the (player, action) trail, chance as player -1."""
    trail = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = outcomes[rng.randrange(len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        trail.append((state.current_player(), action))
        state.apply_action(action)
    return trail


@pytest.mark.parametrize(
    "name",
    [SHORT_NAME, f"{SHORT_NAME}(players=2,ruleset=tlstyer,hidden_holdings=True)"],
)
def test_openspiel_random_simulation_test(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


def test_setup_and_every_refill_are_chance_nodes_over_the_unseen_tiles() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"players": 3})
    state = game.new_initial_state()
    for k in range(3 * 7):  # three first-player tiles, then three hands of six
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 108 - k
        state.apply_action(outcomes[k][0])
    assert not state.is_chance_node()
    engine = state.engine()
    assert engine is not None
    drawn = {t for hand in engine.hands for t in hand} | {
        t for t, label in enumerate(engine.board) if label >= 0
    }
    assert len(drawn) == 21
    # Play the first turn: its end draws a replacement, a chance node with 108 - 21 tiles.
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert sorted(t for t, _ in state.chance_outcomes()) == sorted(set(range(108)) - drawn)


def test_a_game_replays_in_the_engine_from_its_draws_and_decisions() -> None:
    game = AcquireGame({"players": 4})
    state = game.new_initial_state()
    trail = random_playout(state, random.Random(7))
    draws = [a for p, a in trail if p == pyspiel.PlayerId.CHANCE]
    assert len(draws) == len(set(draws))
    rest = [t for t in range(108) if t not in draws]
    engine = new_game(4, game.table.ruleset, tile_bag=draws + rest)
    for player, action in trail:
        if player >= 0:
            assert engine.current_player() == player
            engine.apply(game.table.space.decode(action))
    assert engine.is_terminal()
    assert engine.scores() == state.engine().scores()  # type: ignore[union-attr]
    assert state.returns() == pytest.approx(rank_returns(engine.scores()))  # type: ignore[arg-type]


def test_information_hides_other_players_draws_and_resampling_keeps_it() -> None:
    game = AcquireGame({"players": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(60):  # some way into the game
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    engine = state.engine()
    assert engine is not None
    names = engine.ctx.board.names
    info = state.information_state_string(player)
    for other in range(3):
        for tile in engine.hands[other]:
            assert (f":{names[tile]} " in info + " ") == (other == player), (other, tile)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    moved = 0
    for _ in range(5):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == info
        assert world.observation_string(player) == state.observation_string(player)
        assert np.array_equal(
            world.information_state_tensor(player), state.information_state_tensor(player)
        )
        moved += world.engine().hands != engine.hands  # type: ignore[union-attr]
        random_playout(world, rng)  # the sampled world plays on to a legal end
    assert moved > 0


def test_tensors_match_the_encoder_and_hide_holdings_only_in_observations() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"players": 2, "hidden_holdings": True})
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 1181
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(150):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine()
    assert engine is not None and not engine.is_terminal()
    enc = game.table.encoder  # type: ignore[attr-defined]
    for p in range(2):
        assert np.array_equal(state.observation_tensor(p), enc.encode(engine, p))
        assert np.array_equal(state.information_state_tensor(p), enc.encode(engine, p, True))
        view = json.loads(state.observation_string(p).split(" ", 1)[1])
        assert "cash" in view["players"][p] and "cash" not in view["players"][1 - p]


def test_bad_parameters_are_named() -> None:
    with pytest.raises(ValueError, match=r"players must be 2\.\.6"):
        AcquireGame({"players": 7})
    with pytest.raises(ValueError, match="unknown parameter"):
        AcquireGame({"seats": 3})


def test_openspiel_ismcts_plays_a_legal_move() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(SHORT_NAME, {"players": 2})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=5, random_state=rs
    )
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = bot.step(state)
    assert action in state.legal_actions()


def test_a_takeover_position_becomes_an_openspiel_state() -> None:
    engine = new_game(3, seed=4)
    for _ in range(20):
        engine.apply(engine.legal_actions()[-1])
    sample = Observation(engine, engine.current_player()).sample(random.Random(0))  # type: ignore[arg-type]
    game = AcquireGame({"players": 3})
    state = game.state_from_engine(sample)
    assert state.current_player() == engine.current_player()
    space = game.table.space
    assert state.legal_actions() == space.legal(engine)
    random_playout(state, random.Random(2))
    assert state.is_terminal()
    with pytest.raises(ValueError, match="does not fit"):
        AcquireGame({"players": 4}).state_from_engine(sample)
