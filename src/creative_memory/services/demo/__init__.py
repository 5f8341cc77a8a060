"""Generated memory to try the program on: the plan and its rows (`demo_plan`, `demo_rows`,
`demo_words`), filling a store (`demo`) and the demo store of its own (`demostore.fill`)."""
