-- One field of the payroll CSV (RFC 4180), so the file's lines are built where the rows are and the
-- portal streams text instead of formatting a million rows itself. OWASP CSV injection: a text that
-- begins with = + - @ tab or carriage return gets a leading single quote so spreadsheet programs show
-- it as text, unless it is a plain number ('-5', '+12.50' stay numbers). A field holding a comma, a
-- double quote, CR or LF is quoted, with its double quotes doubled. NULL is an empty field.
-- A single CASE expression (no FROM), so the planner inlines it into the export's query; plain
-- string tests first, the number pattern only for the rare text that starts with a sign.
CREATE FUNCTION csv_field(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL THEN ''
    WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r') AND v !~ '^[+-]?[0-9]+(\.[0-9]+)?$' THEN
      CASE WHEN strpos(v, '"') + strpos(v, ',') + strpos(v, E'\r') + strpos(v, E'\n') > 0
        THEN '"''' || replace(v, '"', '""') || '"' ELSE '''' || v END
    WHEN strpos(v, '"') + strpos(v, ',') + strpos(v, E'\r') + strpos(v, E'\n') > 0
      THEN '"' || replace(v, '"', '""') || '"'
    ELSE v
  END
$$;
