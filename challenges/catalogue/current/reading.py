"""The current edition's challenges about reading todos: the list and single todos, the
list filtered, sorted and paged, and HEAD.
"""

from __future__ import annotations

import operator

from challenges.conditions import method_is, no_query, route, status
from challenges.declarations import DOCS, Challenge, declare, hint, section
from challenges.routes import TODO_ITEM, TODO_SINGULAR, TODOS
from challenges.rules.lists import (
    all_back_not_done,
    descriptions_match,
    descriptions_not_empty,
    exactly_one_back,
    ids_beyond_filter,
    ids_descending,
    page_of,
    some_but_not_all_back,
    the_id_asked_for,
    todos_back,
)
from challenges.rules.queries import (
    filter_on,
    filters_a_field,
    limit_above,
    limit_is,
    offset_given,
    offset_is,
    param_equals,
    param_given,
    sort_fields_known,
    sorted_by,
    sorted_by_id_descending,
)
from challenges.rules.todos import (
    more_than_one_todo,
    store_has_done_and_not_done,
    todo_missing,
    todo_not_missing,
)
from practiceapi.protocol.query import EQUALS, GREATER_THAN, LESS_THAN, MATCHES, WILDCARD

# --------------------------------------------------------------------------- sections

GET_SECTION = section(
    "get",
    "GET Challenges",
    "GET reads data without changing it. Start by reading the todo list and single todos.",
)
GET_FILTER = section(
    "get-filter",
    "GET Filter Challenges",
    "Query parameters can narrow a collection down to the items you care about.",
)
GET_SORTED = section(
    "get-sorted",
    "GET Sorted Challenges",
    "The `_sortBy` query parameter controls the order in which the todos come back.",
)
GET_PAGINATION = section(
    "get-pagination",
    "GET Pagination Challenges",
    "Large collections come back a page at a time. Use `_limit` and `_offset` on their own "
    "and together with filters and sorting.",
)
HEAD_SECTION = section(
    "head",
    "HEAD Challenges",
    "HEAD asks for exactly what GET would return, minus the body: handy for checking "
    "headers cheaply.",
)


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
    # 3 GET Challenges
    declare(
        "GET_TODOS",
        "GET /api/todos (200)",
        GET_SECTION,
        "Read the whole todo collection with a GET on `/api/todos`.",
        (hint("No query string is needed: just the path and your X-CHALLENGER header."),),
        # Any read of the whole list counts, whatever the answer.
        attempt=(method_is("GET"), route(TODOS), no_query()),
        credit=(),
    ),
    declare(
        "GET_TODOS_NOT_PLURAL_404",
        "GET /api/todo (404) not plural",
        GET_SECTION,
        "GET `/api/todo` (singular). There is no such endpoint, so expect a 404.",
        (hint("Collections in this API use plural names; the singular path is not routed."),),
        attempt=(route(TODO_SINGULAR),),
        credit=(method_is("GET"), status(404)),
    ),
    declare(
        "GET_TODO",
        "GET /api/todos/{id} (200)",
        GET_SECTION,
        "Read one todo by adding the id of an existing todo to the path.",
        (hint("List the todos first to find an id that exists, e.g. `/api/todos/1`."),),
        attempt=(method_is("GET"), route(TODO_ITEM), todo_not_missing()),
        credit=(status(200),),
    ),
    declare(
        "GET_TODO_404",
        "GET /api/todos/{id} (404)",
        GET_SECTION,
        "Ask for a todo id that does not exist and get a 404.",
        (hint("Pick an id well above the ones in the list, or one you deleted."),),
        attempt=(method_is("GET"), route(TODO_ITEM), todo_missing()),
        credit=(status(404),),
    ),
    # 4 GET Filter Challenges
    declare(
        "GET_TODOS_FILTERED",
        "GET /api/todos (200) ?filter",
        GET_FILTER,
        "Filter the list to the todos that are done, asking for JSON. Your list must hold both "
        "done and not-done todos for the filter to show anything.",
        (
            hint("Mark a todo as done first (POST or PUT with doneStatus true)."),
            hint("Then use the query string `?doneStatus=true`.", DOCS),
        ),
        attempt=(method_is("GET"), route(TODOS), param_equals("doneStatus", "true")),
        credit=(status(200), store_has_done_and_not_done()),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_GREATER_THAN",
        "GET /api/todos (200) ?filter id greater than",
        GET_FILTER,
        "Filter on `id` with a greater-than comparison so that some, but not all, todos come back.",
        (hint("Try `?id>5` (your client may need the `>` encoded as `%3E`).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", GREATER_THAN, ">")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(GREATER_THAN, operator.gt, "above"),
        ),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_LESS_THAN",
        "GET /api/todos (200) ?filter id less than",
        GET_FILTER,
        "Filter on `id` with a less-than comparison so that some, but not all, todos come back.",
        (hint("Try `?id<5` (encoded `%3C` if your client insists).", DOCS),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", LESS_THAN, "<")),
        credit=(
            status(200),
            some_but_not_all_back(),
            ids_beyond_filter(LESS_THAN, operator.lt, "below"),
        ),
    ),
    declare(
        "GET_TODOS_FILTERED_ID_SINGLE_RESULT",
        "GET /api/todos (200) ?filter id single result",
        GET_FILTER,
        "Filter on an exact `id` so that exactly one todo comes back while the list holds several.",
        (hint("`?id=3` returns a collection with just that todo in it."),),
        attempt=(method_is("GET"), route(TODOS), filter_on("id", EQUALS, "=")),
        credit=(status(200), more_than_one_todo(), exactly_one_back(), the_id_asked_for()),
    ),
    declare(
        "GET_TODOS_FILTERED_DESCRIPTION_REGEX",
        "GET /api/todos (200) ?filter description regex",
        GET_FILTER,
        "Use a regular-expression filter on `description` that returns todos with non-empty "
        "descriptions.",
        (
            hint("The default todos have empty descriptions: give some a description first."),
            hint(
                "The `~=` operator takes a regex that must match the whole value, e.g. "
                "`?description~=.*meeting.*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", MATCHES, "~=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(MATCHES)),
    ),
    declare(
        "GET_TODOS_FILTERED_DESCRIPTION_WILDCARD",
        "GET /api/todos (200) ?filter description wildcard",
        GET_FILTER,
        "Use a wildcard filter on `description` that returns todos with non-empty descriptions.",
        (
            hint(
                "With `*=`, `*` stands for any run of characters and `?` for exactly one, "
                "e.g. `?description*=*pay*`.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS), filter_on("description", WILDCARD, "*=")),
        credit=(status(200), todos_back(), descriptions_not_empty(), descriptions_match(WILDCARD)),
    ),
    # 5 GET Sorted Challenges
    declare(
        "GET_TODOS_SORTED_ASCENDING",
        "GET /api/todos (200) ?_sortBy ascending",
        GET_SORTED,
        "Sort the todos in ascending order of a single field.",
        (hint("`?_sortBy=title` (or `+title`) sorts A to Z.", DOCS),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "ascending")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_SORTED_DESCENDING",
        "GET /api/todos (200) ?_sortBy descending",
        GET_SORTED,
        "Sort the todos in descending order of a single field.",
        (hint("A leading minus reverses the order: `?_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("one", "descending")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_SORTED_MULTIPLE_FIELDS",
        "GET /api/todos (200) ?_sortBy multiple",
        GET_SORTED,
        "Sort the todos by two or more fields at once.",
        (hint("Separate the fields with commas: `?_sortBy=doneStatus,-id`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by("several")),
        credit=(sort_fields_known(), status(200)),
    ),
    declare(
        "GET_TODOS_FILTERED_AND_SORTED",
        "GET /api/todos (200) ?filter&_sortBy",
        GET_SORTED,
        "Filter and sort in the same request.",
        (hint("Combine them with `&`: `?doneStatus=false&_sortBy=-id`."),),
        attempt=(method_is("GET"), route(TODOS), filters_a_field(), sorted_by()),
        credit=(sort_fields_known(), status(200)),
    ),
    # 6 GET Pagination Challenges
    declare(
        "GET_TODOS_PAGINATED_LIMIT",
        "GET /api/todos (200) ?_limit",
        GET_PAGINATION,
        "Limit the page to 8 todos.",
        (hint("`?_limit=8`. With fewer than 8 todos you simply get all of them."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(8)),
        credit=(status(200), page_of(8, 0)),
    ),
    declare(
        "GET_TODOS_PAGINATED_LIMIT_OFFSET",
        "GET /api/todos (200) ?_limit&_offset",
        GET_PAGINATION,
        "Fetch 5 todos, skipping the first 5.",
        (hint("`_offset` counts from zero: `?_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), limit_is(5), offset_given()),
        credit=(offset_is(5), status(200), page_of(5, 5)),
    ),
    declare(
        "GET_TODOS_PAGINATED_LIMIT_TOO_HIGH",
        "GET /api/todos (400) ?_limit too high",
        GET_PAGINATION,
        "Ask for a bigger page than the API allows (more than 20) and get a 400.",
        (hint("`?_limit=21` is one too many; read the error message in the response."),),
        # Only a `_limit` over the most the API allows shows this aim, and the API always
        # refuses it: a page of 20 is the largest allowed page, asked for by a student
        # who wants every todo (a full list holds 20), not a try at this challenge.
        attempt=(method_is("GET"), route(TODOS), limit_above(20)),
        credit=(),
    ),
    declare(
        "GET_TODOS_PAGINATED_SORTED",
        "GET /api/todos (200) ?_sortBy&_limit&_offset",
        GET_PAGINATION,
        "Sort by id from highest to lowest and fetch the second page of 5.",
        (hint("`?_sortBy=-id&_limit=5&_offset=5`."),),
        attempt=(method_is("GET"), route(TODOS), sorted_by(), limit_is(5), offset_given()),
        credit=(
            sorted_by_id_descending(),
            offset_is(5),
            status(200),
            page_of(5, 5),
            ids_descending(),
        ),
    ),
    declare(
        "GET_TODOS_PAGINATED_FILTERED",
        "GET /api/todos (200) ?filter&_limit&_offset",
        GET_PAGINATION,
        "Filter to the todos that are not done, then fetch 2 of them starting at offset 1.",
        (hint("`?doneStatus=false&_limit=2&_offset=1`."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            param_given("doneStatus"),
            limit_is(2),
            offset_given(),
        ),
        credit=(
            param_equals("doneStatus", "false"),
            offset_is(1),
            status(200),
            page_of(2, 1, among="not_done"),
            all_back_not_done(),
        ),
    ),
    # 7 HEAD Challenges
    declare(
        "GET_HEAD_TODOS",
        "HEAD /api/todos (200)",
        HEAD_SECTION,
        "Send a HEAD request to the todo collection and compare the headers with a GET.",
        (hint("Some clients hide HEAD in a menu of extra methods; the body will be empty."),),
        attempt=(method_is("HEAD"), route(TODOS)),
        credit=(no_query(),),
    ),
)
