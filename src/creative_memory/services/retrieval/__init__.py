"""Memory out: one retrieval through the gates and the engine (`retrieval.bounded_retrieve`,
`retrieval.run`), asked as one value (`request.RetrievalRequest`, the Preview's `request.WhatIf`), its candidates (`candidates`, `candidate_rows`, `candidate_counts`,
`candidate_ties`, `retrieval_memo`), its record (`retrieval_record`), why each preference was kept or
dropped (`reasons`, `injections`), the Personal memory block beside ours (`personal`,
`personal_text`), the prompt a generation would get (`preview`), and a person's ratings of an
injection (`rating.rate`) with what they change in their context (`context_ratings`)."""
