import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";

/**
 * The PostgreSQL extensions the migrations create (btree_gist: the demonstrations' no-overlap
 * constraint, decision 138). Every place that opens an embedded database passes them, or a table
 * that uses one could not be written.
 */
export const PGLITE_EXTENSIONS = { btree_gist };
