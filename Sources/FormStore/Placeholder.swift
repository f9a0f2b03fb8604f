public enum FormStoreNamespace {}
