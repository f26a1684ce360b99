-- "Did you mean" suggests the corrected query (issue 33, item 15). suggest_patterns answered
-- close titles and catalogue terms: "wrpa dres" → "dress" (the one word it could place),
-- "cardigen" → a whole title. Now each word of the query is checked against the catalog's
-- vocabulary (catalog_search.words: the words of published titles, tags, crafts and
-- categories, the word list pg_trgm's documentation builds for spelling suggestions): a word
-- the catalog knows (by its stem) stays as typed, an unknown one is replaced by a close
-- vocabulary word (trigram similarity, or word similarity for short transposed words like
-- "wrpa" → "wrap"), and the corrected query is suggested only when it finds published
-- patterns ("wrpa dres" → "wrap dress", "cardigen" → "cardigan"). When a word has several
-- close candidates, the combinations are tried best first and the first that finds patterns
-- wins. Nothing is suggested when nothing needed correcting or no correction finds anything.
-- Same signature and columns as before: one row, kind 'query'.
-- (Similarity is computed against the small vocabulary directly, without the % and <%
-- operators: they hang PGlite for non-superuser roles.)

-- Up to three vocabulary words close to one query word, best first.
create or replace function catalog_search.close_words(query_word text) returns text[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(c.word order by c.sim desc, c.wsim desc, c.len_diff, c.word), '{}')
    from (select w.word, extensions.similarity(query_word, w.word) as sim, extensions.word_similarity(query_word, w.word) as wsim,
                 abs(char_length(w.word) - char_length(query_word)) as len_diff
            from catalog_search.words w
           where abs(char_length(w.word) - char_length(query_word)) <= 2
             and (extensions.similarity(query_word, w.word) >= 0.3
                  or (extensions.word_similarity(query_word, w.word) >= 0.4 and extensions.similarity(query_word, w.word) >= 0.2))
           order by sim desc, wsim desc, len_diff, w.word
           limit 3) c
$$;

-- The query with its unknown words corrected, as plain words, or null (nothing to correct, or
-- no correction finds a published pattern).
create or replace function catalog_search.corrected_words(q text) returns text
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
begin
  if cardinality(v_words) = 0 or cardinality(v_words) > 8 then
    return null;
  end if;
  foreach v_word in array v_words loop
    v_lexeme := (ts_lexize('english_stem', v_word))[1];
    if v_lexeme is null or char_length(v_word) < 3 or exists (select 1 from catalog_search.words w where w.lexeme = v_lexeme) then
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
    if exists (select 1 from catalog_search.documents d where d.search_vector @@ websearch_to_tsquery('english', v_combo)) then
      return v_combo;
    end if;
  end loop;
  return null;
end $$;

create or replace function public.suggest_patterns(q text, "limit" integer default 5)
returns table (suggestion text, kind text, score real)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_q text := lower(btrim(suggest_patterns.q));
  v_corrected text;
begin
  if v_q is null or char_length(v_q) < 2 or char_length(v_q) > 200 then
    return;
  end if;
  v_corrected := catalog_search.corrected_words(v_q);
  if v_corrected is null then
    return;
  end if;
  return query select v_corrected, 'query'::text, extensions.similarity(v_q, v_corrected)::real;
end $$;

revoke all on all functions in schema catalog_search from public, anon, authenticated;
