"""The reference as an engine, and how an answer is judged against it: observed states,
counts, views, the laws, the comparison and one differential step."""
