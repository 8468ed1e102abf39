// The undo log's bookkeeping (undo-log.ts): the current generation and the named marks that end one.
// Its shadow tables and triggers are made at run time from each table's columns, not here.
export const undoSchema = `
CREATE TABLE undo_state (id INTEGER PRIMARY KEY CHECK (id = 1), gen INTEGER NOT NULL);
INSERT INTO undo_state (id, gen) VALUES (1, 1);
CREATE TABLE undo_marks (name TEXT PRIMARY KEY, gen INTEGER NOT NULL, created_at INTEGER NOT NULL);
`;
