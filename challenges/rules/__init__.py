"""The conditions this API's challenges are declared with (`challenges.catalogue`), by
topic.

Each function in these modules returns a named, explained `Condition`
(`challenges.conditions`) about one thing a challenge looks at. They are grouped by what
they read, so that the conditions a section of the catalogue uses sit together:

* `queries`: the query string of a list (filters, sorting, paging);
* `lists`: the todos a list answer holds;
* `todos`: the session's todos (the store's counts, the todo named, the todo created,
  the export);
* `bodies`: the request body and the todo fields it sends;
* `headers`: the Accept header and the method override;
* `sessions`: the challenger session a request names or restores;
* `auth`: credentials, tokens and the secret note;
* `intent` and `reading`: what the topic modules share.

A condition never decides whose session is credited (the tracker credits the session
named in the response `X-CHALLENGER`) and never touches the database: everything it reads
is on the `Exchange`, including what the view produced and the todo-store facts it left
behind.
"""
