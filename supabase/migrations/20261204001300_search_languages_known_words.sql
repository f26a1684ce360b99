-- A typo in the buyer's language cost seconds at 100,000 patterns (bench/backend/searchLanguages.ts,
-- PGlite: "Jacken" and "Wickelkleit" with locale 'de', p95 ~2 s): the known-word check of
-- 20261204001200_search_languages.sql asked catalog_search.documents whether a title or tag stems
-- to the word (head_vector @@ lexeme), and for a word no pattern has the planner's generic plan
-- read every document. Now the check asks the vocabulary alone (catalog_search.words: the words
-- of published titles, tags, crafts, categories and translated titles, hundreds of rows), stemming
-- each in the buyer's language. Same results for words of titles and tags; same signatures.

-- Whether the catalog knows a word in the buyer's language: the word itself, its English stem (as
-- the English search asks), or a vocabulary word with the same stem in that language.
create or replace function catalog_search.known_word(p_word text, p_locale text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from catalog_search.words w
                  where w.word = p_word or w.lexeme = (ts_lexize('english_stem', p_word))[1]
                     or (ts_lexize(catalog_search.stem_dictionary(p_locale), w.word))[1]
                        = (ts_lexize(catalog_search.stem_dictionary(p_locale), p_word))[1])
$$;

-- As 20261204001200_search_languages.sql, with known_word.
create or replace function catalog_search.word_query(query_word text, p_locale text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_word text := lower(query_word);
  v_dict regdictionary := catalog_search.stem_dictionary(p_locale);
  v_lexeme text;
  v_alternatives text;
begin
  if p_locale = 'en' then
    return catalog_search.word_query(query_word);
  end if;
  v_lexeme := (ts_lexize(v_dict, v_word))[1];
  if v_lexeme is null then
    return null;
  end if;
  if char_length(v_word) < 3 or catalog_search.known_word(v_word, p_locale) then
    return quote_literal(v_lexeme);
  end if;
  select '( ' || string_agg(quote_literal(x.lexeme), ' | ' order by x.lexeme) || ' )' into v_alternatives
    from (select distinct unnest(array[coalesce((ts_lexize(v_dict, c.word))[1], c.word), c.lexeme]) as lexeme
            from (select w.word, w.lexeme
                    from catalog_search.words w
                   where abs(char_length(w.word) - char_length(v_word)) <= 3
                     and extensions.similarity(v_word, w.word) >= 0.3
                   order by extensions.similarity(v_word, w.word) desc, w.word
                   limit 3) c) x;
  return v_alternatives;
end $$;

-- As 20261204001200_search_languages.sql, with known_word.
create or replace function catalog_search.corrected_words(q text, p_locale text) returns text
language plpgsql stable set search_path = '' as $$
declare
  v_words text[] := array(select m[1] from regexp_matches(lower(q), '[[:alpha:]]+', 'g') with ordinality as t(m, n) order by n);
  v_options text[] := '{}';      -- per word, its choices joined by '|'
  v_word text;
  v_lexeme text;
  v_close text[];
  v_changed boolean := false;
  v_combos text[] := array[''];
  v_next text[];
  v_combo text;
  v_choice text;
  v_dict regdictionary := catalog_search.stem_dictionary(p_locale);
begin
  if p_locale = 'en' then
    return catalog_search.corrected_words(q);
  end if;
  if cardinality(v_words) = 0 or cardinality(v_words) > 8 then
    return null;
  end if;
  foreach v_word in array v_words loop
    v_lexeme := (ts_lexize(v_dict, v_word))[1];
    if v_lexeme is null or char_length(v_word) < 3 or catalog_search.known_word(v_word, p_locale) then
      v_close := array[v_word];
    else
      v_close := catalog_search.close_words(v_word);
      if cardinality(v_close) = 0 then
        v_close := array[v_word]; -- perhaps a word of a description: kept
      else
        v_changed := true;
      end if;
    end if;
    -- every combination so far × this word's choices, best first (at most 27 kept)
    v_next := '{}';
    foreach v_combo in array v_combos loop
      foreach v_choice in array v_close loop
        v_next := v_next || btrim(v_combo || ' ' || v_choice);
      end loop;
    end loop;
    v_combos := v_next[1:27];
  end loop;
  if not v_changed then
    return null;
  end if;
  foreach v_combo in array v_combos loop
    continue when v_combo = array_to_string(v_words, ' ');
    if exists (select 1 from catalog_search.documents d where d.search_vector @@ catalog_search.buyer_query(v_combo, p_locale)) then
      return v_combo;
    end if;
  end loop;
  return null;
end $$;


revoke all on all functions in schema catalog_search from public, anon, authenticated;
