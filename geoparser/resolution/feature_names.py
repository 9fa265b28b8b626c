"""The names of the evidence features, in column order: ``FEATURES`` (what each means:
``features``) and ``INDEX``, each name's column."""

from __future__ import annotations

FEATURES: tuple[str, ...] = (
    "log_population", "population_gap", "foreign_gap", "population_rank", "known_population",
    "capital", "admin_seat", "country", "first_level", "second_level", "populated",
    "other_feature", "area_with_town", "town_in_area", "area_cue", "city_cue",
    "contained", "container_named", "same_country", "same_first_level", "top_same_country",
    "top_same_first_level", "country_named", "first_level_named", "near_km", "focus_km",
    "focus_country", "focus_first_level", "alternate_name", "candidates", "others",
    "placeable", "imputed_abroad", "alias_gap", "home_first_level", "home_country",
    "named_state_share", "kind_cue", "story_area_cue", "story_city_cue", "holds_before",
    "home_town",
)
INDEX = {name: i for i, name in enumerate(FEATURES)}
#: The features only the ``context`` policy weighs: the shipped ranker and confidence model
#: were trained without them, and read the features they were trained on.
CONTEXT_POLICY_FEATURES: tuple[str, ...] = ("named_state_share", "kind_cue", "story_area_cue",
                                             "story_city_cue", "holds_before", "home_town")
