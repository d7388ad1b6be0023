"""``Frozen`` values behave as frozen dataclasses would: compared, hashed, shown, copied, pickled,
never changed, and replaced field by field."""

from __future__ import annotations

import copy
import pickle

import pytest

from firmware.games.culls.search import CullsStyle
from firmware.players.analysis import MoveReview
from firmware.rules.players import Choice


def test_values_with_the_same_fields_are_equal_and_hash_alike() -> None:
    assert Choice("h8", 30, 4, 900) == Choice("h8", 30, 4, 900)
    assert hash(Choice("h8", 30, 4, 900)) == hash(Choice("h8", 30, 4, 900))
    assert Choice("h8", 30, 4, 900) != Choice("h8", 30, 4, 901)
    assert len({Choice("h8", 30, 4, 900), Choice("h8", 30, 4, 900), Choice("j9", 0, 1, 1)}) == 2


def test_values_of_different_classes_with_the_same_fields_differ() -> None:
    class Other(Choice):
        __slots__ = ()

    assert Other("h8", 30, 4, 900) != Choice("h8", 30, 4, 900)


def test_the_repr_names_every_field() -> None:
    assert repr(Choice("h8", 30, 4, 900)) == "Choice(token='h8', score=30, depth=4, nodes=900)"


def test_a_field_cannot_be_set_or_deleted() -> None:
    choice = Choice("h8", 30, 4, 900)
    with pytest.raises(AttributeError):
        choice.token = "j9"
    with pytest.raises(AttributeError):
        del choice.score
    assert choice == Choice("h8", 30, 4, 900)


def test_a_value_survives_pickling_and_copying() -> None:
    style = CullsStyle(max_depth=3, beam=8, proves=4)
    for again in (pickle.loads(pickle.dumps(style)), copy.copy(style), copy.deepcopy(style)):
        assert again == style
        assert again.beam == 8 and again.proves == 4 and again.root_beam == 24


def test_replaced_changes_the_named_fields_only() -> None:
    review = MoveReview(3, "red", "h8", 40, "j9", 120, 80)
    changed = review.replaced(evaluation=-100_000, loss=7)
    assert changed == MoveReview(3, "red", "h8", -100_000, "j9", 120, 7)
    assert review.loss == 80  # the original is untouched
    assert type(changed) is MoveReview


def test_replaced_refuses_a_field_the_value_does_not_have() -> None:
    with pytest.raises(TypeError, match="no field 'depth'"):
        CullsStyle().replaced(depth=3)
