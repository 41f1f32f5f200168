// The side panel of a game without a module of its own: seats are numbered players and the
// score panel shows the totals only.
export default {};
