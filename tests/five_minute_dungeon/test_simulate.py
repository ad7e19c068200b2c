"""Simulations of timed team runs: the report does not depend on the worker count, and its
figures add up."""

import pytest

from dungeoneer.engine.simulate import simulate_team, summarise_team


@pytest.mark.slow
def test_the_report_is_the_same_for_any_worker_count():
    settings = dict(grid={"boss": [1], "players": [2, 3]}, bot="heuristic", pace=5.0, seed=11)
    one = simulate_team("five-minute-dungeon", 4, workers=1, **settings)
    two = simulate_team("five-minute-dungeon", 4, workers=2, **settings)
    assert one == two and one["runs"] == 8


def test_the_summary_counts_wins_time_left_and_how_runs_ended():
    def run(boss, players, won, ended, left=0.0):
        return {"options": {"boss": str(boss), "players": str(players)}, "won": won,
                "ended": ended, "time_left": left, "actions": 10}

    report = summarise_team([run(1, 2, True, "won", 100.0), run(1, 2, True, "won", 40.0),
                             run(1, 4, False, "time ran out"), run(2, 4, False, "stuck")],
                            ("boss", "players"))
    assert report["overall"]["wins"] == 2 and report["overall"]["share"] == 0.5
    assert report["by_boss"][1]["share"] == round(2 / 3, 4) and report["by_boss"][2]["wins"] == 0
    assert report["by_players"][2]["time_left"] == {"wins": 2, "mean": 70.0, "median": 70.0,
                                                    "min": 40.0, "max": 100.0}
    assert report["lost_runs_ended_by"] == {"stuck": {"runs": 1, "share_of_losses": 0.5},
                                            "time ran out": {"runs": 1, "share_of_losses": 0.5}}


def test_a_team_bot_plays_a_campaign_from_dungeon_to_dungeon():
    """The time model starts afresh with each dungeon of a campaign (its timer starts again):
    a team of five goes past the first boss and keeps its time in the next dungeon."""
    from dungeoneer.engine import registry
    from dungeoneer.engine.five_minute_dungeon.bots import HeuristicTeam

    game = registry.get_game("five-minute-dungeon", {"players": "5", "campaign": "yes"})
    state = game.new_initial_state(seed=3)
    team = HeuristicTeam(3)
    seen_second = False
    while not state.is_terminal():
        action = team.choose(state)
        if state.boss == 2 and not seen_second:
            seen_second = True
            assert state.clock == 0 and action.arg.at < 100
        state = state.apply(action)
    assert seen_second and 1 in state.beaten_bosses
