"""Views of the todo API: the collection, one todo, and the export."""
