// The input module: see the files beside this one.
