/**
 * The word stock the generator composes prompts from: about 40 categories,
 * each with its own roles and topics, and 15 models. Realistic enough that
 * search, keywords and charts behave as they would on real data.
 */
export interface CategoryVocabulary {
  readonly name: string;
  readonly role: readonly string[];
  readonly topics: readonly string[];
}

export const CATEGORIES: readonly CategoryVocabulary[] = [
  {
    name: 'Writing',
    role: ['copy editor', 'ghostwriter', 'writing coach'],
    topics: ['blog post', 'essay outline', 'newsletter', 'short story', 'opinion piece', 'press release'],
  },
  {
    name: 'Coding',
    role: ['senior software engineer', 'code reviewer', 'pair programmer'],
    topics: ['REST API', 'unit tests', 'SQL query', 'React component', 'regular expression', 'shell script'],
  },
  {
    name: 'Marketing',
    role: ['growth marketer', 'brand strategist', 'copywriter'],
    topics: ['landing page', 'ad campaign', 'product launch', 'email sequence', 'value proposition', 'tagline'],
  },
  {
    name: 'Education',
    role: ['teacher', 'curriculum designer', 'tutor'],
    topics: ['lesson plan', 'quiz', 'study guide', 'rubric', 'flashcards', 'course syllabus'],
  },
  {
    name: 'Business',
    role: ['management consultant', 'business analyst', 'startup advisor'],
    topics: ['business plan', 'SWOT analysis', 'pitch deck', 'market sizing', 'pricing strategy', 'OKRs'],
  },
  {
    name: 'Productivity',
    role: ['productivity coach', 'executive assistant', 'time management expert'],
    topics: ['weekly plan', 'meeting agenda', 'to-do list', 'daily routine', 'project timeline', 'habit tracker'],
  },
  {
    name: 'Career',
    role: ['career coach', 'recruiter', 'hiring manager'],
    topics: ['cover letter', 'resume summary', 'interview answers', 'salary negotiation', 'LinkedIn profile', 'career change plan'],
  },
  {
    name: 'Health',
    role: ['health educator', 'nutrition coach', 'wellness writer'],
    topics: ['meal plan', 'sleep routine', 'workout schedule', 'stress management tips', 'healthy recipes', 'hydration guide'],
  },
  {
    name: 'Fitness',
    role: ['personal trainer', 'running coach', 'strength coach'],
    topics: ['training program', 'mobility routine', 'marathon plan', 'home workout', 'warm-up routine', 'progress log'],
  },
  {
    name: 'Finance',
    role: ['financial planner', 'accountant', 'investment analyst'],
    topics: ['monthly budget', 'savings plan', 'expense report', 'retirement plan', 'cash flow forecast', 'debt payoff plan'],
  },
  {
    name: 'Legal',
    role: ['paralegal', 'contracts specialist', 'compliance officer'],
    topics: ['contract summary', 'privacy policy', 'terms of service', 'NDA checklist', 'compliance checklist', 'legal memo'],
  },
  {
    name: 'Design',
    role: ['product designer', 'UX researcher', 'art director'],
    topics: ['user persona', 'wireframe brief', 'style guide', 'usability test plan', 'color palette', 'design critique'],
  },
  {
    name: 'Data Analysis',
    role: ['data analyst', 'data scientist', 'statistician'],
    topics: ['dashboard', 'cohort analysis', 'A/B test report', 'data cleaning steps', 'KPI definitions', 'survey analysis'],
  },
  {
    name: 'Research',
    role: ['research assistant', 'academic researcher', 'analyst'],
    topics: [
      'literature review',
      'research proposal',
      'interview guide',
      'hypothesis list',
      'annotated bibliography',
      'methodology section',
    ],
  },
  {
    name: 'Customer Support',
    role: ['support lead', 'customer success manager', 'help desk agent'],
    topics: ['reply template', 'FAQ page', 'refund response', 'escalation note', 'onboarding email', 'knowledge base article'],
  },
  {
    name: 'Sales',
    role: ['sales development rep', 'account executive', 'sales coach'],
    topics: ['cold email', 'discovery call script', 'follow-up email', 'objection handling', 'sales proposal', 'demo script'],
  },
  {
    name: 'Social Media',
    role: ['social media manager', 'community manager', 'content creator'],
    topics: ['Instagram caption', 'tweet thread', 'content calendar', 'TikTok script', 'LinkedIn post', 'hashtag set'],
  },
  {
    name: 'SEO',
    role: ['SEO specialist', 'content strategist', 'technical SEO auditor'],
    topics: ['meta description', 'keyword cluster', 'content brief', 'title tags', 'internal linking plan', 'site audit'],
  },
  {
    name: 'Creative Writing',
    role: ['novelist', 'screenwriter', 'poet'],
    topics: ['plot twist', 'character backstory', 'dialogue scene', 'poem', 'world building notes', 'flash fiction'],
  },
  {
    name: 'Storytelling',
    role: ['storyteller', 'narrative designer', 'speechwriter'],
    topics: ['origin story', 'brand story', 'bedtime story', 'hero journey outline', 'anecdote', 'founder story'],
  },
  {
    name: 'Translation',
    role: ['translator', 'localization specialist', 'bilingual editor'],
    topics: ['product description', 'app strings', 'menu', 'formal letter', 'website copy', 'subtitle file'],
  },
  {
    name: 'Language Learning',
    role: ['language teacher', 'conversation partner', 'grammar coach'],
    topics: ['vocabulary list', 'grammar drill', 'role-play dialogue', 'pronunciation tips', 'reading exercise', 'phrasebook'],
  },
  {
    name: 'Travel',
    role: ['travel agent', 'local guide', 'travel writer'],
    topics: ['itinerary', 'packing list', 'city guide', 'road trip plan', 'budget travel tips', 'hotel comparison'],
  },
  {
    name: 'Cooking',
    role: ['chef', 'recipe developer', 'food writer'],
    topics: ['weeknight dinner', 'recipe card', 'shopping list', 'meal prep plan', 'baking guide', 'menu pairing'],
  },
  {
    name: 'Parenting',
    role: ['parenting coach', 'child psychologist', 'family counselor'],
    topics: ['bedtime routine', 'chore chart', 'screen time rules', 'birthday party plan', 'homework schedule', 'conversation starters'],
  },
  {
    name: 'Relationships',
    role: ['relationship coach', 'therapist', 'mediator'],
    topics: ['difficult conversation', 'apology letter', 'date ideas', 'conflict resolution steps', 'gratitude note', 'boundary script'],
  },
  {
    name: 'Mental Health',
    role: ['mindfulness teacher', 'counselor', 'journaling coach'],
    topics: [
      'journaling prompts',
      'breathing exercise',
      'gratitude practice',
      'anxiety toolkit',
      'self-reflection questions',
      'morning check-in',
    ],
  },
  {
    name: 'Science',
    role: ['science communicator', 'physics teacher', 'lab scientist'],
    topics: ['experiment design', 'concept explainer', 'lab report', 'science fair project', 'analogy set', 'research summary'],
  },
  {
    name: 'Mathematics',
    role: ['math tutor', 'mathematician', 'exam coach'],
    topics: ['proof sketch', 'word problems', 'worked solution', 'practice set', 'formula sheet', 'concept map'],
  },
  {
    name: 'History',
    role: ['historian', 'museum curator', 'history teacher'],
    topics: ['timeline', 'primary source analysis', 'historical debate', 'biography', 'era overview', 'what-if scenario'],
  },
  {
    name: 'Philosophy',
    role: ['philosophy professor', 'ethicist', 'debate coach'],
    topics: ['thought experiment', 'argument map', 'ethical dilemma', 'Socratic dialogue', 'essay question', 'counterargument list'],
  },
  {
    name: 'Music',
    role: ['songwriter', 'music producer', 'music teacher'],
    topics: ['song lyrics', 'chord progression', 'practice routine', 'album review', 'setlist', 'melody ideas'],
  },
  {
    name: 'Gaming',
    role: ['game designer', 'dungeon master', 'game critic'],
    topics: ['quest line', 'game mechanics', 'character class', 'level design', 'patch notes', 'campaign setting'],
  },
  {
    name: 'Art',
    role: ['art teacher', 'illustrator', 'art critic'],
    topics: ['image prompt', 'drawing exercise', 'art critique', 'portfolio review', 'mood board', 'exhibition text'],
  },
  {
    name: 'Product Management',
    role: ['product manager', 'product owner', 'head of product'],
    topics: ['product requirements', 'user stories', 'roadmap', 'release notes', 'feature prioritization', 'customer interview plan'],
  },
  {
    name: 'Human Resources',
    role: ['HR partner', 'people operations lead', 'talent manager'],
    topics: ['job description', 'onboarding checklist', 'performance review', 'employee survey', 'policy draft', 'exit interview'],
  },
  {
    name: 'Real Estate',
    role: ['real estate agent', 'property manager', 'home inspector'],
    topics: ['listing description', 'open house flyer', 'tenant notice', 'market update', 'buyer checklist', 'rental agreement summary'],
  },
  {
    name: 'Cybersecurity',
    role: ['security engineer', 'penetration tester', 'security analyst'],
    topics: ['threat model', 'incident report', 'phishing awareness email', 'security checklist', 'access review', 'vulnerability summary'],
  },
  {
    name: 'DevOps',
    role: ['site reliability engineer', 'DevOps engineer', 'platform engineer'],
    topics: ['CI pipeline', 'runbook', 'postmortem', 'Dockerfile', 'monitoring alerts', 'deployment checklist'],
  },
  {
    name: 'Personal Development',
    role: ['life coach', 'mentor', 'accountability partner'],
    topics: ['goal plan', 'vision statement', 'reading list', 'habit plan', 'weekly review', 'skill roadmap'],
  },
];

export const MODELS: readonly string[] = [
  'GPT-4o',
  'GPT-4.1',
  'GPT-4o mini',
  'o3',
  'o4-mini',
  'Claude Sonnet 4',
  'Claude Opus 4',
  'Claude Haiku 3.5',
  'Gemini 2.5 Pro',
  'Gemini 2.5 Flash',
  'Llama 3.1 70B',
  'Llama 4 Maverick',
  'Mistral Large',
  'DeepSeek-V3',
  'Qwen2.5 72B',
];

export const TITLE_ADJECTIVES = [
  'Quick',
  'Ultimate',
  'Smart',
  'Simple',
  'Advanced',
  'Friendly',
  'Concise',
  'Detailed',
  'Creative',
  'Professional',
  'Beginner',
  'Expert',
  'Rapid',
  'Structured',
  'Practical',
];
export const TITLE_NOUNS = [
  'Generator',
  'Builder',
  'Helper',
  'Assistant',
  'Planner',
  'Writer',
  'Coach',
  'Checklist',
  'Template',
  'Framework',
  'Critic',
  'Outline',
  'Toolkit',
  'Reviewer',
  'Wizard',
];

export const AUDIENCES = [
  'beginners',
  'busy professionals',
  'a small startup team',
  'high school students',
  'senior executives',
  'non-technical readers',
  'first-time customers',
  'a remote team',
  'university students',
  'a local community group',
  'experienced practitioners',
  'parents of young children',
];
export const TONES = [
  'friendly',
  'formal',
  'playful',
  'concise',
  'persuasive',
  'neutral',
  'encouraging',
  'witty',
  'empathetic',
  'authoritative',
];
export const FORMATS = [
  'a numbered list',
  'a Markdown table',
  'short paragraphs with headings',
  'bullet points',
  'a JSON object',
  'a step-by-step guide',
  'a one-page summary',
  'a checklist',
];
export const OPENERS = [
  'Act as a {role}.',
  'You are an experienced {role}.',
  'Pretend you are a {role} with ten years of experience.',
  'I want you to act as my {role}.',
  'Take the role of a {role} who explains things clearly.',
];
export const TASKS = [
  'Create a {topic} for {audience}.',
  'Write a {topic} about {subject} for {audience}.',
  'Help me improve my {topic} so it works better for {audience}.',
  'Review the {topic} I paste below and suggest concrete improvements.',
  'Draft three versions of a {topic} focused on {subject}.',
  'Explain how to build a great {topic}, then write one for {subject}.',
];
export const CONSTRAINTS = [
  'Keep the tone {tone}.',
  'Use plain language and avoid jargon.',
  'Limit the answer to about {words} words.',
  'Include at least {count} specific examples.',
  'Ask me clarifying questions before you start if anything is unclear.',
  'Point out common mistakes and how to avoid them.',
  'End with a short summary of the key points.',
  'Cite assumptions explicitly instead of guessing.',
  'Offer a bolder alternative at the end.',
  'Make every sentence actionable.',
  'Avoid clichés and filler phrases.',
  'Adapt the vocabulary to {audience}.',
];
export const SUBJECTS = [
  'remote work',
  'climate change',
  'a new coffee shop',
  'electric bikes',
  'personal finance',
  'a mobile app launch',
  'time management',
  'healthy eating',
  'open source software',
  'a charity fundraiser',
  'online privacy',
  'a local bookstore',
  'renewable energy',
  'team onboarding',
  'customer loyalty',
  'artificial intelligence',
  'a summer festival',
  'urban gardening',
  'a podcast',
  'smart home devices',
  'a new café menu',
  'a weekend in Zürich',
  'naïve Bayes classifiers',
  'a résumé refresh',
];

export const COMMENT_TEXTS = [
  'This worked really well for me, thanks!',
  'I added a line about the audience and the results got much better.',
  'Great prompt. Works even better with {model}.',
  'Could you share an example output?',
  'Saved me an hour today.',
  'I tweaked the tone to {tone} and it was perfect for my use case.',
  'Does anyone have a version of this for {topic}?',
  'Short and effective. Bookmarked.',
  'The output was a bit long; asking for {words} words fixed it.',
  'Used this for a {topic} at work and my manager loved it.',
  'Nice structure, the constraints make a real difference.',
  'Tried it with {model} and {model2}; both gave solid answers.',
];
export const AUTHORS = [
  'Alex',
  'Sam',
  'Priya',
  'Jordan',
  'Mei',
  'Lucas',
  'Fatima',
  'Noah',
  'Elena',
  'Kenji',
  'Amara',
  'Diego',
  'Sofia',
  'Liam',
  'Chen',
  'Olu',
  'Hana',
  'Mateo',
  'Zoe',
  'Ivan',
];
