"""The branch merge and the loop join skip variables no arm or pass touched (the very object held before): the result
must be the one the full merge or join gives: key order, values, alternatives, changed names (property tests)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.route.loops import join_pass, loop_join
from op_migrate.analyzers.route.statements import merge_envs
from op_migrate.analyzers.route.values import DType, Null, TensorRef, Unknown


def full_merge(before: dict, envs: list[dict]) -> tuple[dict, list]:
    """The merge as it was before the fast path: every name any arm holds is compared."""
    return merge_envs(before, envs, names={name for env in envs for name in env})


NAN = float("nan")
# Shared objects (so arms can hold the very object `before` holds) and equal copies (so they can hold an equal one).
POOL = [NAN, float("nan"), 1.5, 0, 3, True, "s", None, Null(), Unknown("u"), DType("float16"), DType("float32"),
        TensorRef("t1"), TensorRef("t2"), TensorRef("t1", nullable=True), (NAN,), (1, 2), Unknown("u")]
NAMES = ["a", "b", "c", "d", "e"]
env_strategy = st.dictionaries(st.sampled_from(NAMES), st.sampled_from(POOL), max_size=len(NAMES))


def same(left, right) -> bool:
    return left is right or left == right or (isinstance(left, float) and isinstance(right, float) and
                                              left != left and right != right)


@settings(max_examples=400, deadline=None)
@given(before=env_strategy, arms=st.lists(st.tuples(st.dictionaries(st.sampled_from(NAMES), st.sampled_from(POOL)),
                                                    st.lists(st.sampled_from(NAMES), max_size=3)),
                                          min_size=1, max_size=3))
def test_the_fast_merge_is_the_full_merge(before, arms) -> None:
    # An arm starts as a copy of `before` (what _branches does), then writes some names and drops others.
    envs = []
    for writes, dropped in arms:
        env = dict(before)
        env.update(writes)
        for name in dropped:
            env.pop(name, None)
        envs.append(env)
    fast, fast_alternatives = merge_envs(before, envs)
    full, full_alternatives = full_merge(before, envs)
    assert list(fast) == list(full)
    assert all(same(fast[name], full[name]) for name in full)
    assert fast_alternatives == full_alternatives


def test_a_nan_every_arm_kept_is_merged_as_before() -> None:
    # NaN != NaN: the full merge treats it as a disagreement; skipping it as "untouched" would change the answer.
    before = {"x": NAN, "y": 1}
    envs = [dict(before), dict(before)]
    assert repr(merge_envs(before, envs)) == repr(full_merge(before, envs))
    assert not isinstance(merge_envs(before, envs)[0]["x"], float)


def full_join_pass(state: dict, end: dict) -> tuple[dict, set]:
    """A loop pass's join as it was: every variable joined and compared."""
    joined = {name: loop_join(name, value, end.get(name, value)) for name, value in state.items()}
    return joined, {name for name in state if joined[name] != state[name]}


@settings(max_examples=400, deadline=None)
@given(state=env_strategy, writes=st.dictionaries(st.sampled_from(NAMES + ["new"]), st.sampled_from(POOL)),
       dropped=st.lists(st.sampled_from(NAMES), max_size=3))
def test_the_loop_join_of_moved_names_is_the_full_join(state, writes, dropped) -> None:
    end = dict(state)
    end.update(writes)
    for name in dropped:
        end.pop(name, None)
    fast, fast_changed = join_pass(state, end)
    full, full_changed = full_join_pass(state, end)
    assert list(fast) == list(full)
    assert all(same(fast[name], full[name]) for name in full)
    assert fast_changed == full_changed
